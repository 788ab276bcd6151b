/**
 * Every keyboard shortcut, listed once: the handlers bind these keys, and the `?` dialog and the
 * rows' tooltips show them from here, so what is shown is what works.
 * Keys are written as react-hotkeys-hook reads them ('mod+k': Ctrl+K, or Cmd+K on a Mac).
 */

export interface Shortcut {
  keys: string;
  /** How the key is shown: "Ctrl K", "j / ↓". */
  label: string;
  does: string;
}

export const globalShortcuts = {
  palette: { keys: 'mod+k', label: 'Ctrl K / ⌘ K', does: 'Open the command palette' },
  find: { keys: '/', label: '/', does: 'Find a customer or a record' },
  help: { keys: 'shift+slash', label: '?', does: 'Show every shortcut' }
} as const satisfies Record<string, Shortcut>;

export const listShortcuts = {
  down: { keys: 'j, down', label: 'j / ↓', does: 'Focus the next row' },
  up: { keys: 'k, up', label: 'k / ↑', does: 'Focus the previous row' },
  open: { keys: 'enter', label: 'Enter', does: 'Open the focused record' },
  select: { keys: 'x', label: 'x', does: 'Select or unselect the focused row' },
  range: { keys: 'shift+x', label: 'Shift x', does: 'Select every row from the last selected one to the focused one' },
  all: { keys: 'mod+a', label: 'Ctrl A / ⌘ A', does: 'Select every row on this page' },
  clear: { keys: 'escape', label: 'Esc', does: 'Clear the selection' }
} as const satisfies Record<string, Shortcut>;

/**
 * One key per status: on a focused row it opens the same confirmation the status menu opens.
 * Approved and active never share a list, nor do cancelled and anything else starting with c.
 */
export const statusKeys: Readonly<Record<string, string>> = {
  pending: 'p',
  success: 's',
  failed: 'f',
  approved: 'a',
  rejected: 'r',
  active: 'a',
  completed: 'c',
  cancelled: 'n'
};

/** "Press s: Success" lines for a list's statuses, for the `?` dialog and a row's tooltip. */
export const statusShortcuts = (statuses: readonly string[], label: (status: string) => string): Shortcut[] =>
  statuses.flatMap((status) => {
    const key = statusKeys[status];
    return key ? [{ keys: key, label: key, does: `Set the focused record to ${label(status)}` }] : [];
  });
