import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import type { RowKeys } from '../../../components/data-table/use-row-keyboard';
import { StatusRequestsProvider, useAskStatus } from '../../status/status-requests';
import type { DecisionMethod } from '../../status/status-change';
import type { KeyedList, ReviewRow } from '../definition';
import { reviewListKeys, recordOnCustomerPage } from './list-keys';
import { OpenedRowProvider, useOpenedRow } from './opened-row';

/** Around a money table whose rows' decisions and details the keys open. */
export function ReviewListKeysProvider({ children }: { children: ReactNode }) {
  return (
    <StatusRequestsProvider>
      <OpenedRowProvider>{children}</OpenedRowProvider>
    </StatusRequestsProvider>
  );
}

/** The keys of a money list's rows, inside ReviewListKeysProvider. */
export function useReviewListKeys<T extends ReviewRow, S extends string, M extends DecisionMethod>(list: KeyedList<T, S, M>): RowKeys<T> {
  const ask = useAskStatus();
  const opened = useOpenedRow();
  const navigate = useNavigate();
  return reviewListKeys(list, {
    ask: (row, status) => ask?.(row.id, status),
    open: (row) => {
      if (list.opens === 'details') return opened?.setOpened(opened.opened === row.id ? null : row.id);
      const to = recordOnCustomerPage(list, row);
      if (to) void navigate(to);
      else notify.error(`This ${list.noun.one} names no customer to open.`);
    },
    refuse: (message) => notify.error(message),
    // Escape closes the open details first; the selection stays.
    escapeTaken: () => (opened?.opened ?? null) !== null
  });
}
