import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnLayout, ColumnLayouts, ColumnList } from '../../../shared/schemas/columns';
import { api, call, errorMessage } from './api';
import { notify } from './notify';
import { rootKeys } from './query-keys';

export const columnLayoutsKey = [...rootKeys.app, 'columnLayouts'] as const;

/** Until the preferences answer, and when they cannot be read: the list's own columns. */
const NONE: ColumnLayout = {};

export const useColumnLayouts = () =>
  useQuery({
    queryKey: columnLayoutsKey,
    queryFn: () => call(() => api().columns.get({})),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true }
  });

/** Writes a list's layout (null: its default), shown at once and kept in the preferences file. */
export function useSetColumnLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { list: ColumnList; layout: ColumnLayout | null }) => call(() => api().columns.set(input)),
    onMutate: async ({ list, layout }) => {
      await queryClient.cancelQueries({ queryKey: columnLayoutsKey });
      queryClient.setQueryData<ColumnLayouts>(columnLayoutsKey, (current) => {
        const { [list]: _previous, ...others } = current ?? {};
        return layout ? { ...others, [list]: layout } : others;
      });
    },
    onSuccess: (layouts) => queryClient.setQueryData(columnLayoutsKey, layouts),
    // What the file holds is read again, so the screen never shows a choice that was not kept.
    onError: (error) => {
      notify.error('Failed to keep the columns.', errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: columnLayoutsKey });
    }
  });
}

/**
 * A list's columns as chosen on this computer (the preferences file): the layout and how to change
 * or reset it (components/data-table/column-layout.ts's ColumnLayoutControl).
 */
export function useColumnLayout(list: ColumnList) {
  const layouts = useColumnLayouts();
  const set = useSetColumnLayout();
  const layout = layouts.data?.[list] ?? NONE;
  return {
    layout,
    change: (next: ColumnLayout) => set.mutate({ list, layout: Object.keys(next).length > 0 ? next : null }),
    reset: () => set.mutate({ list, layout: null })
  };
}
