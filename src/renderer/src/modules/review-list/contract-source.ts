import type { Input, MoneyListName, Output, Page, StatusCounts } from '@shared/contract';
import { exportColumns, type ExportColumn } from '@shared/export/csv';
import type { Result } from '@shared/result';
import { api } from '../../lib/api';

/** A money list's row and statuses, as its contract methods type them ('deposits.list', 'deposits.setStatus'). */
export type MoneyRowOf<L extends MoneyListName> = Output<`${L}.list`>['rows'][number];
export type MoneyStatusOf<L extends MoneyListName> = Input<`${L}.setStatus`>['status'];

/** The four lists' list methods take the same fields but the status: one list's input stands for all, with its own status. */
export type ListInput<S extends string> = Omit<Input<'deposits.list'>, 'status'> & { status?: S | null };
export type CountsInput = Input<'deposits.counts'>;

/** Where a money list's rows come from: its list and counts methods and its CSV columns. */
export interface MoneySource<T, S extends string> {
  list: (input: ListInput<S>) => Promise<Result<Page<T>>>;
  counts: (input: CountsInput) => Promise<Result<StatusCounts>>;
  exportColumns: ExportColumn<T>[];
}

type Methods<L extends MoneyListName> = Omit<MoneySource<MoneyRowOf<L>, MoneyStatusOf<L>>, 'exportColumns'>;

/** Each list's list and counts methods of window.api, each checked against its own contract entry. */
const methods: { [L in MoneyListName]: Methods<L> } = {
  deposits: { list: (input) => api().deposits.list(input), counts: (input) => api().deposits.counts(input) },
  withdrawals: { list: (input) => api().withdrawals.list(input), counts: (input) => api().withdrawals.counts(input) },
  investments: { list: (input) => api().investments.list(input), counts: (input) => api().investments.counts(input) },
  compoundInvestments: { list: (input) => api().compoundInvestments.list(input), counts: (input) => api().compoundInvestments.counts(input) }
};

const columns: { [L in MoneyListName]: ExportColumn<MoneyRowOf<L>>[] } = exportColumns;

/** A list's rows as the contract serves them: `moneySource('deposits')`. */
export const moneySource = <L extends MoneyListName>(name: L): MoneySource<MoneyRowOf<L>, MoneyStatusOf<L>> => ({
  ...methods[name],
  exportColumns: columns[name]
});
