import { useCallback, useRef, useState, type FocusEvent, type RefCallback } from 'react';
import { useHotkeys, type Options } from 'react-hotkeys-hook';
import { listShortcuts } from '../../lib/shortcuts';
import type { RowSelection } from './selection';

/** What the keys do on a table's focused row, beyond moving between rows. */
export interface RowKeys<T> {
  /** Enter on a focused row: open the record. */
  open?: (row: T) => void;
  /** One key per action on the focused row (a status), as react-hotkeys-hook reads keys: 's'. */
  actions?: { keys: string; run: (row: T) => void }[];
  /** The row's tooltip: which keys do what on it. */
  hint?: (row: T) => string;
  /** Escape belongs to something else right now (a panel the row opened): the selection stays. */
  escapeTaken?: () => boolean;
}

// Checkboxes are inputs: keys still move and select from a row's checkbox. Typing fields never sit in a row.
const scoped: Options = { enableOnFormTags: ['input'] };

/**
 * A table's rows as one tab stop (roving tabindex): arrows or j/k move a visible focus from row to
 * row, and the keys act on the focused row. The keys are bound to the table, so typing anywhere
 * else (a filter, a dialog) never triggers them.
 */
export function useRowKeyboard<T>(rows: readonly { id: string; original: T }[], selection: RowSelection | undefined, keys: RowKeys<T> | undefined) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const elements = useRef(new Map<string, HTMLTableRowElement>());
  const enabled = keys !== undefined;
  const tabStop = rows.some((row) => row.id === activeId) ? activeId : (rows[0]?.id ?? null);
  const active = rows.find((row) => row.id === tabStop);
  // Unbound without keys; a key that does not act leaves the browser's own behaviour alone.
  const live = (when: (event: KeyboardEvent) => boolean = () => true, extra: Options = {}): Options => {
    const acts = (event: KeyboardEvent) => when(event);
    return { ...scoped, ...extra, enabled: enabled ? acts : false, preventDefault: extra.preventDefault ?? acts };
  };

  const move = (by: number) => {
    const index = rows.findIndex((row) => row.id === tabStop);
    const next = rows[Math.max(0, Math.min(rows.length - 1, index + by))];
    if (!next) return;
    setActiveId(next.id);
    const element = elements.current.get(next.id);
    element?.focus();
    element?.scrollIntoView?.({ block: 'nearest' });
  };
  // Enter on a link or a button inside the row is theirs; only the row itself opens the record.
  const onRow = (event: KeyboardEvent) => active !== undefined && event.target === elements.current.get(active.id);

  const refs = [
    useHotkeys(listShortcuts.down.keys, () => move(1), live()),
    useHotkeys(listShortcuts.up.keys, () => move(-1), live()),
    useHotkeys(listShortcuts.open.keys, () => active && keys?.open?.(active.original), live(onRow, { enableOnFormTags: false })),
    useHotkeys(listShortcuts.select.keys, () => active && selection?.toggle(active.id, false), live()),
    useHotkeys(listShortcuts.range.keys, () => active && selection?.toggle(active.id, true), live()),
    useHotkeys(listShortcuts.all.keys, () => selection?.selectPage(), live()),
    useHotkeys(
      listShortcuts.clear.keys,
      () => selection?.clear(),
      live(() => !keys?.escapeTaken?.(), { preventDefault: false })
    ),
    useHotkeys(
      (keys?.actions ?? []).map((action) => action.keys).join(',') || 'f24',
      (_event, hotkey) => {
        const action = keys?.actions?.find((candidate) => candidate.keys === hotkey.hotkey);
        if (active && action) action.run(active.original);
      },
      live()
    )
  ];
  const [down, up, open, select, range, all, clear, actions] = refs;
  // One element carries every binding; the hooks' refs are stable, so this one is too.
  const tableRef: RefCallback<HTMLElement> = useCallback(
    (element) => {
      for (const ref of [down, up, open, select, range, all, clear, actions]) ref?.(element);
    },
    [down, up, open, select, range, all, clear, actions]
  );

  const rowProps = (row: { id: string; original: T }) =>
    enabled
      ? {
          tabIndex: row.id === tabStop ? 0 : -1,
          ref: (element: HTMLTableRowElement | null) => {
            if (element) elements.current.set(row.id, element);
            else elements.current.delete(row.id);
          },
          onFocus: (_event: FocusEvent) => setActiveId(row.id),
          title: keys.hint?.(row.original),
          'data-active': row.id === tabStop || undefined
        }
      : {};

  return { tableRef: enabled ? tableRef : undefined, rowProps };
}
