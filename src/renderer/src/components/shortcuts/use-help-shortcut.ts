import { useHotkeys } from 'react-hotkeys-hook';
import { globalShortcuts } from '../../lib/shortcuts';
import { dialogOpen } from './dialog-open';

/** `?` (Shift /) opens the list of shortcuts, except while typing in a field or inside another dialog. */
export function useHelpShortcut(show: () => void) {
  useHotkeys(globalShortcuts.help.keys, show, { enabled: () => !dialogOpen(), preventDefault: true });
}
