import type { MoneyListName } from '@shared/contract';
import { statusLabel } from '@shared/domain/statuses';
import { listShortcuts, statusKeys } from '../../../lib/shortcuts';
import { userPath } from '../../customers/CustomerLink';
import type { RowKeys } from '../../../components/data-table/use-row-keyboard';
import type { DecisionMethod } from '../../status/status-change';
import type { KeyedList } from '../definition';
import { rowWho, type ReviewRow } from '../status-change';

/** The customer page's tab that lists the same records. */
const customerPageTab: Record<MoneyListName, string> = {
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  investments: 'investments',
  compoundInvestments: 'compound'
};

/** The customer's page at this record's tab, the record highlighted; null when nothing names the customer. */
export function recordOnCustomerPage(list: { name: MoneyListName }, row: ReviewRow & { userId?: string | null }): string | null {
  const page = userPath(row.userId, row.email);
  if (!page) return null;
  const query = new URLSearchParams({ tab: customerPageTab[list.name], focus: row.id }).toString();
  return `${page}${page.includes('?') ? '&' : '?'}${query}`;
}

interface ListKeyActions<T, S extends string> {
  /** Opens a row's decision as its select would. */
  ask: (row: T, status: S) => void;
  /** Enter: the row's details or its customer's page. */
  open: (row: T) => void;
  /** Why a key did nothing (a locked row, a status it already has). */
  refuse: (message: string) => void;
  escapeTaken: () => boolean;
}

/** What Enter does on this list, in words for the tooltip. */
const openWords = (list: { opens: 'details' | 'user' }) => (list.opens === 'details' ? 'show its details' : "open the customer's page at this record");

/**
 * A money list's keys on its focused row: one per status opens the same decision the select does,
 * Enter opens the record; the row's tooltip lists them.
 */
export function reviewListKeys<T extends ReviewRow, S extends string, M extends DecisionMethod>(
  list: KeyedList<T, S, M>,
  actions: ListKeyActions<T, S>
): RowKeys<T> {
  const { change, noun } = list;
  const keyed = change.statuses.filter((status) => statusKeys[status]);
  const hint = [
    ...keyed.map((status) => `${statusKeys[status]}: ${statusLabel(status)}`),
    `${listShortcuts.select.label}: select`,
    `${listShortcuts.open.label}: ${openWords(list)}`
  ].join(' · ');
  return {
    open: actions.open,
    escapeTaken: actions.escapeTaken,
    hint: (row) => `Keys for this ${noun.one} from ${rowWho(row)}: ${hint}`,
    actions: keyed.map((status) => ({
      keys: statusKeys[status]!,
      run: (row: T) => {
        const lock = change.lock?.(row);
        if (lock) return actions.refuse(lock);
        if (row.status === status) return actions.refuse(`This ${noun.one} is already ${statusLabel(status)}.`);
        actions.ask(row, status);
      }
    }))
  };
}
