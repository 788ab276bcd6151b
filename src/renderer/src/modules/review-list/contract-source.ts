import type { Input, MoneyListName, Output, Page, StatusCounts, StatusOutcome, StatusPreview } from '../../../../shared/contract';
import { exportColumns, type ExportColumn } from '../../../../shared/export/csv';
import type { Result } from '../../../../shared/result';
import { api, call } from '../../lib/api';
import { asOneAction } from '../../lib/operations';
import type { DecisionChoice, PreviewGiven } from '../status/DecisionDialog';

/** A money list's row and statuses, as its contract methods type them ('deposits.list', 'deposits.setStatus'). */
export type MoneyRowOf<L extends MoneyListName> = Output<`${L}.list`>['rows'][number];
export type MoneyStatusOf<L extends MoneyListName> = Input<`${L}.setStatus`>['status'];

/** The four lists' methods take the same fields but the status: one list's input stands for all, with its own status. */
type WithStatus<I, S> = Omit<I, 'status'> & { status: S };
export type ListInput<S extends string> = Omit<Input<'deposits.list'>, 'status'> & { status?: S | null };
export type CountsInput = Input<'deposits.counts'>;

/** Where a money list's rows come from: its list and counts methods and its CSV columns. */
export interface MoneySource<T, S extends string> {
  list: (input: ListInput<S>) => Promise<Result<Page<T>>>;
  counts: (input: CountsInput) => Promise<Result<StatusCounts>>;
  exportColumns: ExportColumn<T>[];
}

/**
 * A decision's override reason: only withdrawals take one (their preview names what it overrides), so
 * it is sent only when a preview asked for it.
 */
type Overridable = { overrideReason?: string };

/** window.api's money namespaces, each with its own row and status types, so a list is reached by its name without a cast. */
type MoneyMethods = {
  [L in MoneyListName]: {
    list(input: ListInput<MoneyStatusOf<L>>): Promise<Result<Page<MoneyRowOf<L>>>>;
    counts(input: CountsInput): Promise<Result<StatusCounts>>;
    preview(input: WithStatus<Input<'deposits.preview'>, MoneyStatusOf<L>> & Overridable): Promise<Result<StatusPreview>>;
    setStatus(input: WithStatus<Input<'deposits.setStatus'>, MoneyStatusOf<L>> & Overridable): Promise<Result<StatusOutcome>>;
  };
};
const methodsOf = <L extends MoneyListName>(name: L): MoneyMethods[L] => {
  const methods: MoneyMethods = api();
  return methods[name];
};

const columns: { [L in MoneyListName]: ExportColumn<MoneyRowOf<L>>[] } = exportColumns;

/** A list's rows as the contract serves them: `moneySource('deposits')`. */
export const moneySource = <L extends MoneyListName>(name: L): MoneySource<MoneyRowOf<L>, MoneyStatusOf<L>> => ({
  list: (input) => methodsOf(name).list(input),
  counts: (input) => methodsOf(name).counts(input),
  exportColumns: columns[name]
});

/**
 * A list's preview and save of a status change. The save is one administrator action with one
 * operationId, reused when the same change is sent again (lib/operations.ts), and carries the
 * version of the preview it was decided on, so a change on figures that moved is refused.
 */
export const statusMethods = <L extends MoneyListName>(name: L) => ({
  // A transaction id or an override reason goes only where one was given (deposits to success and withdrawals to approved take a txid; withdrawals an override).
  preview: (id: string, status: MoneyStatusOf<L>, { txid, overrideReason }: PreviewGiven = {}) =>
    call(() => methodsOf(name).preview({ id, status, ...(txid ? { txid } : {}), ...(overrideReason ? { overrideReason } : {}) })),
  save: (id: string, status: MoneyStatusOf<L>, { version, reason, txid, overrideReason }: DecisionChoice) =>
    asOneAction(`${name}.setStatus`, { id, status, txid }, (operationId) =>
      call(() =>
        methodsOf(name).setStatus({
          id,
          status,
          operationId,
          version,
          ...(reason !== null ? { reason } : {}),
          ...(txid ? { txid } : {}),
          ...(overrideReason ? { overrideReason } : {})
        })
      )
    )
});
