import { Dialog } from '../ui/Dialog';
import { KeyCombo } from './Kbd';
import { shortcutSections, statusSections, type ShortcutSection } from './shortcut-sections';

/** `?`: every shortcut the desk answers, the list's status keys per list beside the rest. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title="Keyboard shortcuts"
      description="Shortcuts do nothing while you type in a field, except Ctrl K (⌘ K on a Mac)."
    >
      <div className="mt-5 grid max-h-[65vh] gap-x-10 gap-y-6 overflow-y-auto sm:grid-cols-2">
        <div className="space-y-6">
          {shortcutSections.map((section) => (
            <Section key={section.title} section={section} />
          ))}
        </div>
        <div className="space-y-4">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Status keys on a focused row</h3>
            <p className="mt-1 text-xs text-slate-500">They open the same confirmation as the row's status menu.</p>
          </div>
          {statusSections.map((section) => (
            <Section key={section.title} section={section} minor />
          ))}
        </div>
      </div>
    </Dialog>
  );
}

function Section({ section, minor = false }: { section: ShortcutSection; minor?: boolean }) {
  return (
    <section>
      <h3 className={minor ? 'text-xs font-medium text-slate-500' : 'text-sm font-semibold text-slate-900'}>{section.title}</h3>
      <dl className="mt-2 divide-y divide-slate-100">
        {section.shortcuts.map((shortcut) => (
          <div key={shortcut.keys} className="flex items-center justify-between gap-4 py-1.5">
            <dt className="text-sm text-slate-700">{shortcut.does}</dt>
            <dd className="shrink-0">
              <KeyCombo label={shortcut.label} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
