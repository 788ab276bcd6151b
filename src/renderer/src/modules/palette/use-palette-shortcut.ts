import { useHotkeys } from 'react-hotkeys-hook';
import { globalShortcuts } from '../../lib/shortcuts';
import { dialogOpen } from '../../components/shortcuts/dialog-open';
import { usePalette } from './palette-store';

/**
 * Ctrl K / ⌘ K opens the palette from anywhere, a field included, and closes it again. Over
 * another dialog (a decision being confirmed) it does nothing: that dialog is answered first.
 */
export function usePaletteShortcut() {
  useHotkeys(
    globalShortcuts.palette.keys,
    () => {
      const { open, setOpen } = usePalette.getState();
      if (open) setOpen(false);
      else if (!dialogOpen()) setOpen(true);
    },
    { enableOnFormTags: true, enableOnContentEditable: true, preventDefault: true }
  );
}
