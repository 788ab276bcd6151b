import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import type { Input, MoneyListName, Output, StatusPreview } from '@shared/contract';
import type { Result } from '@shared/result';
import { patchPagedRow } from '../../components/data-table/paged-query';
import { call, errorMessage, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { rootKeys } from '../../lib/query-keys';
import { asOneAction } from '../../lib/operations';
import { outcomeDescription } from './outcome-text';
import type { Confirmation, DecisionChoice, PreviewAsked } from './DecisionDialog';

/** The contract methods a decision is saved with: a list's setStatus, or paying out an investment. */
export type DecisionMethod = `${MoneyListName}.setStatus` | 'investments.payout';

/** What a decision sends: its method's input, less the operationId its one action gives it (lib/operations.ts). */
export type Decision<M extends DecisionMethod> = Omit<Input<M>, 'operationId'>;

/** What a decision is taken on: a record with its status. */
export interface Decided {
  id: string;
  status: string;
}

/**
 * How a record's status changes, one record at a time: the statuses offered, its lock, the question,
 * the preview, the decision as the contract's input, and its save. Every way of deciding goes through
 * this one object: the Change Status cell, a status key on a row, a bulk change and the Due tab's Pay
 * out. `save` is the contract's method itself, sent as one administrator action (`saveOnce`).
 */
export interface StatusChange<T extends Decided, S extends string, M extends DecisionMethod> {
  /** The statuses the select and the keys offer, in the list's order; none where nothing may be decided. */
  statuses: readonly S[];
  /** Why a row can no longer change, null while it can; left out where records never lock. */
  lock?: (row: T) => string | null;
  /** The question before a change to `next` (wording, reason, facts): every change is decided on its preview. */
  question: (row: T, next: S) => Confirmation;
  /** What the change would do (the contract's preview), with the txid and the override reason given so far where the list takes them. */
  preview: (id: string, next: S, asked: PreviewAsked) => Promise<StatusPreview>;
  /** The preview's cache key, outside the list's: a refresh of the list must not swap the preview being decided on. */
  previewKey: (id: string, next: S) => QueryKey;
  /** The decision as the contract's input: the record, the status, the preview's version and what the dialog asked. */
  decision: (id: string, next: S, choice: DecisionChoice) => Decision<M>;
  save: (decision: Decision<M>) => Promise<Output<M>>;
  /** The toast's title when a change fails, with the reason beneath; the reason alone when left out. */
  failed?: string;
  /** The paged list a row belongs to (its row shows the new status at once), then everything a change can move. */
  listKey: QueryKey;
  alsoInvalidate: QueryKey[];
}

/**
 * A decision's save: the contract's method, sent as one administrator action. The same decision sent
 * again before it had a definite answer (a double click, a lost reply, a retry after the password was
 * confirmed) reuses its operationId, so the main process never applies it twice.
 */
export const saveOnce =
  <M extends DecisionMethod>(method: M, send: (input: Decision<M> & { operationId: string }) => Promise<Result<Output<M>>>) =>
  (decision: Decision<M>): Promise<Output<M>> =>
    asOneAction(method, decision, (operationId) => call(() => send({ ...decision, operationId })));

/** What every decision sends: the version of the preview it was taken on, and the reason when one was given. */
export const decided = ({ version, reason }: DecisionChoice) => ({ version, ...(reason !== null ? { reason } : {}) });

/** The chain transaction id a credit or payout is decided on, where one was given (deposits and withdrawals take one). */
export const withTxid = ({ txid }: { txid?: string | null }) => (txid ? { txid } : {});

/** The reason a refusal is overridden, where one was given (withdrawals and payouts take one). */
export const withOverride = ({ overrideReason }: { overrideReason?: string | null }) => (overrideReason ? { overrideReason } : {});

/**
 * Navigation where the part is drawn inside the router (always, in the app); null where it is not
 * (a part drawn alone). Whether a component is inside a router never changes during its life, so
 * the hook below is called, or not, on every render alike.
 */
function useGoTo(): ((to: string) => void) | null {
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useInRouterContext() ? useNavigate() : null;
}

/** One row's status change through its list's StatusChange: toasts what happened (or why not) and refreshes what it touched. */
export function useStatusChange<T extends Decided, S extends string, M extends DecisionMethod>(change: StatusChange<T, S, M>, rowId: string) {
  const queryClient = useQueryClient();
  const goTo = useGoTo();
  return useMutation({
    mutationFn: ({ status, choice }: { status: S; choice: DecisionChoice }) => change.save(change.decision(rowId, status, choice)),
    onSuccess(outcome) {
      // Asked, not applied (the approval policy covers it): the record keeps its status and shows it awaits approval.
      if (outcome.approvalRequestId) {
        patchPagedRow<Decided & { approvalRequestId: string }>(queryClient, change.listKey, rowId, { approvalRequestId: outcome.approvalRequestId });
        // The answer already says nothing applied and where the request waits: no description repeating it.
        notify.success(outcome.message, undefined, { label: 'Open Approvals', onClick: () => goTo?.(paths.approvals) });
        void queryClient.invalidateQueries({ queryKey: rootKeys.approvals });
        return;
      }
      patchPagedRow<Decided>(queryClient, change.listKey, rowId, { status: outcome.status });
      notify.success(outcome.message, outcomeDescription(outcome));
    },
    onError(error) {
      // A decision taken on figures that moved is told in the dialog, which shows the new ones.
      if (isApiError(error, 'STALE_VERSION')) return;
      if (change.failed) notify.error(change.failed, errorMessage(error));
      else notify.error(errorMessage(error));
    },
    onSettled() {
      // Whatever happened, show what the database now says (a conflict means someone else changed it).
      for (const queryKey of [change.listKey, ...change.alsoInvalidate]) void queryClient.invalidateQueries({ queryKey });
    }
  });
}
