import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedView } from '@shared/contract';
import { api, call, errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { rootKeys } from '../../lib/query-keys';

/** Saved views, kept in the preferences file of the data folder (views.list/save/rename/delete). */
export const viewsKey = [...rootKeys.app, 'savedViews'] as const;

export const useSavedViews = () =>
  useQuery({ queryKey: viewsKey, queryFn: () => call(() => api().views.list({})), staleTime: Number.POSITIVE_INFINITY, meta: { silent: true } });

/** Saving, renaming or deleting a view: the sidebar is read again, and a refusal ("already called …") is said. */
function useViewChange<I>(send: (input: I) => Promise<unknown>, failed: string, succeeded: (input: I) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, input) => notify.success(succeeded(input)),
    onError: (error) => notify.error(failed, errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewsKey })
  });
}

export const useSaveView = () =>
  useViewChange(
    (view: Omit<SavedView, 'id'>) => call(() => api().views.save(view)),
    'Failed to save the view.',
    (view) => `View "${view.name.trim()}" saved.`
  );

export const useRenameView = () =>
  useViewChange(
    (input: { id: string; name: string }) => call(() => api().views.rename(input)),
    'Failed to rename the view.',
    (input) => `View renamed to "${input.name.trim()}".`
  );

export const useDeleteView = () =>
  useViewChange(
    (input: { id: string; name: string }) => call(() => api().views.delete({ id: input.id })),
    'Failed to delete the view.',
    (input) => `View "${input.name}" deleted.`
  );
