import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { StatusOutcome } from '../../../../shared/contract';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { patchPagedRow } from '../data-table/paged-query';
import { outcomeDescription } from './outcome-text';

interface StatusChangeOptions<S extends string> {
  /** The paged list the row belongs to: its row shows the new status at once, then it refetches. */
  listKey: QueryKey;
  /** Other screens whose figures the change can move (dashboard, customers, e-mail queue, audit...). */
  alsoInvalidate: QueryKey[];
  save: (status: S) => Promise<StatusOutcome>;
}

/** One row's status change: toasts what happened (or why not) and refreshes what it touched. */
export function useStatusChange<S extends string>(rowId: string, { listKey, alsoInvalidate, save }: StatusChangeOptions<S>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess(outcome) {
      patchPagedRow<{ id: string; status: string }>(queryClient, listKey, rowId, { status: outcome.status });
      notify.success(outcome.message, outcomeDescription(outcome));
    },
    onError(error) {
      notify.error(errorMessage(error));
    },
    onSettled() {
      // Whatever happened, show what the database now says (a conflict means someone else changed it).
      for (const queryKey of [listKey, ...alsoInvalidate]) void queryClient.invalidateQueries({ queryKey });
    }
  });
}
