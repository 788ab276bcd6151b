import { useInfiniteQuery } from '@tanstack/react-query';
import type { WithdrawalStatus } from '../../../../../shared/domain/statuses';
import { cursorInput, pagedQuery } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';

export const withdrawalsListKey = ['withdrawals', 'list'];

const withdrawalsQuery = pagedQuery(
  withdrawalsListKey,
  (cursor) => call(() => api().withdrawals.list(cursorInput(cursor))),
  // docs/product-rules.md §12 wording.
  'Failed to fetch withdrawals.'
);

export const useWithdrawals = () => useInfiniteQuery(withdrawalsQuery);

export const setWithdrawalStatus = (id: string, status: WithdrawalStatus) =>
  asOneAction('withdrawals.setStatus', { id, status }, (operationId) =>
    call(() => api().withdrawals.setStatus({ id, status, operationId }))
  );
