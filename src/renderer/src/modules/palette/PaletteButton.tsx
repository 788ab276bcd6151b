import { Command as CommandIcon } from 'lucide-react';
import { globalShortcuts } from '../../lib/shortcuts';
import { Tip } from '../../components/ui/Tip';
import { usePalette } from './palette-store';

/** A visible way to the palette, for who does not know its shortcut yet. */
export function PaletteButton() {
  const setOpen = usePalette((state) => state.setOpen);
  return (
    <Tip side="bottom" className="text-xs" content={`Command palette (${globalShortcuts.palette.label})`}>
      <button
        type="button"
        aria-label="Open the command palette"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
        className="flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        <CommandIcon aria-hidden className="size-4" />
      </button>
    </Tip>
  );
}
