import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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

type LayoutChoice = { list: ColumnList; layout: ColumnLayout | null };

/**
 * Writes a list's layout (null: its default), kept in the preferences file. It shows in the same
 * render it is chosen in: a box ticked or a width typed never springs back while the file is written.
 */
export function useSetColumnLayout() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: LayoutChoice) => call(() => api().columns.set(input)),
    onSuccess: (layouts) => queryClient.setQueryData(columnLayoutsKey, layouts),
    // What the file holds is read again, so the screen never shows a choice that was not kept.
    onError: (error) => {
      notify.error('Failed to keep the columns.', errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: columnLayoutsKey });
    }
  });
  return (input: LayoutChoice) => {
    void queryClient.cancelQueries({ queryKey: columnLayoutsKey });
    queryClient.setQueryData<ColumnLayouts>(columnLayoutsKey, (current) => {
      const { [input.list]: _previous, ...others } = current ?? {};
      return input.layout ? { ...others, [input.list]: input.layout } : others;
    });
    mutation.mutate(input);
  };
}

/**
 * A list's columns as chosen on this computer (the preferences file): the layout and how to change
 * or reset it (components/data-table/column-layout.ts's ColumnLayoutControl).
 */
export function useColumnLayout(list: ColumnList) {
  const layouts = useColumnLayouts();
  const set = useSetColumnLayout();
  // The query cache tells its readers a tick later: until it does, the choice just made is shown, so a
  // radio button or a box does not spring back for a moment (a new answer from the cache replaces it).
  const [chosen, setChosen] = useState<{ over: ColumnLayouts | undefined; layout: ColumnLayout } | null>(null);
  const layout = chosen && chosen.over === layouts.data ? chosen.layout : (layouts.data?.[list] ?? NONE);
  const choose = (next: ColumnLayout | null) => {
    setChosen({ over: layouts.data, layout: next ?? NONE });
    set({ list, layout: next && Object.keys(next).length > 0 ? next : null });
  };
  return { layout, change: (next: ColumnLayout) => choose(next), reset: () => choose(null) };
}
