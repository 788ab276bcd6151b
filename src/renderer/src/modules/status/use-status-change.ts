import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { StatusOutcome } from '../../../../shared/contract';
import { errorMessage, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { patchPagedRow } from '../../components/data-table/paged-query';
import type { DecisionChoice } from './DecisionDialog';
import { outcomeDescription } from './outcome-text';

interface StatusChangeOptions<S extends string> {
  /** The paged list the row belongs to: its row shows the new status at once, then it refetches. */
  listKey: QueryKey;
  /** Other screens whose figures the change can move (dashboard, customers, e-mail queue, audit...). */
  alsoInvalidate: QueryKey[];
  save: (status: S, choice: DecisionChoice) => Promise<StatusOutcome>;
  /** The toast's title when a change fails, with the reason beneath, e.g. "Failed to update withdrawal status."; the reason alone otherwise. */
  failed?: string;
}

export interface StatusChangeRequest<S extends string> {
  status: S;
  choice: DecisionChoice;
}

/** One row's status change: toasts what happened (or why not) and refreshes what it touched. */
export function useStatusChange<S extends string>(rowId: string, { listKey, alsoInvalidate, save, failed }: StatusChangeOptions<S>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, choice }: StatusChangeRequest<S>) => save(status, choice),
    onSuccess(outcome) {
      patchPagedRow<{ id: string; status: string }>(queryClient, listKey, rowId, { status: outcome.status });
      notify.success(outcome.message, outcomeDescription(outcome));
    },
    onError(error) {
      // A decision taken on figures that moved is told in the dialog, which shows the new ones.
      if (isApiError(error, 'STALE_VERSION')) return;
      if (failed) notify.error(failed, errorMessage(error));
      else notify.error(errorMessage(error));
    },
    onSettled() {
      // Whatever happened, show what the database now says (a conflict means someone else changed it).
      for (const queryKey of [listKey, ...alsoInvalidate]) void queryClient.invalidateQueries({ queryKey });
    }
  });
}
