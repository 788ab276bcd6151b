import { useState } from 'react';

/** Rows picked for a bulk action, by id, and the row a shift-click or Shift+x extends from. */
export interface SelectionState {
  selected: ReadonlySet<string>;
  anchor: string | null;
}

export const noSelection: SelectionState = { selected: new Set(), anchor: null };

/**
 * One row clicked (or x pressed on it). With `range`, every row between the last clicked one and
 * this one takes this row's new state, as in a mail client; the anchor then moves to this row.
 */
export function toggleRow(state: SelectionState, ids: readonly string[], id: string, range: boolean): SelectionState {
  const on = !state.selected.has(id);
  const next = new Set(state.selected);
  const from = range && state.anchor !== null ? ids.indexOf(state.anchor) : -1;
  const to = ids.indexOf(id);
  if (from >= 0 && to >= 0) {
    for (const between of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) {
      if (on) next.add(between);
      else next.delete(between);
    }
  } else if (on) next.add(id);
  else next.delete(id);
  return { selected: next, anchor: id };
}

export type PageSelection = 'all' | 'some' | 'none';

/** How much of the rows on screen is selected: the header checkbox is checked, mixed or clear. */
export function pageSelection(selected: ReadonlySet<string>, ids: readonly string[]): PageSelection {
  const count = ids.filter((id) => selected.has(id)).length;
  return count === 0 ? 'none' : count === ids.length ? 'all' : 'some';
}

/** The header checkbox: a fully selected page is cleared, anything else selects every row on it. */
export function togglePage(state: SelectionState, ids: readonly string[]): SelectionState {
  const next = new Set(state.selected);
  const clear = pageSelection(state.selected, ids) === 'all';
  for (const id of ids) {
    if (clear) next.delete(id);
    else next.add(id);
  }
  return { selected: next, anchor: state.anchor };
}

/** What a table needs to show and change a selection. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string, range: boolean) => void;
  togglePage: () => void;
  selectPage: () => void;
  clear: () => void;
}

/**
 * The selection of a paged list, kept while pages load and cleared when `resetKey` (the filters)
 * changes: a selection made under other filters would act on rows no longer in view. Only ids in
 * `ids` count as selected.
 */
export function useRowSelection(ids: readonly string[], resetKey: string): RowSelection {
  const [state, setState] = useState<SelectionState & { key: string }>({ ...noSelection, key: resetKey });
  const current: SelectionState = state.key === resetKey ? state : noSelection;
  if (state.key !== resetKey) setState({ ...noSelection, key: resetKey });
  const set = (next: SelectionState) => setState({ ...next, key: resetKey });
  const shown = new Set(ids.filter((id) => current.selected.has(id)));
  return {
    selected: shown,
    toggle: (id, range) => set(toggleRow({ ...current, selected: shown }, ids, id, range)),
    togglePage: () => set(togglePage({ ...current, selected: shown }, ids)),
    selectPage: () => set({ selected: new Set(ids), anchor: current.anchor }),
    clear: () => set(noSelection)
  };
}
