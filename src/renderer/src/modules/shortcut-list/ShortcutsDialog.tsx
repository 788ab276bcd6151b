import { Dialog } from '../../components/ui/Dialog';
import { Kbd, KeyCombo } from '../../components/shortcuts/Kbd';
import { shortcutSections, statusSections, type ShortcutSection, type StatusKeys } from './shortcut-sections';
import { useFocusReturn } from '../../components/shortcuts/use-focus-return';

/** `?`: every shortcut the desk answers, the list's status keys per list beside the rest. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  useFocusReturn(open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title="Keyboard shortcuts"
      description="Shortcuts do nothing while you type in a field, except Ctrl K (⌘ K on a Mac)."
    >
      <div className="mt-5 grid max-h-[70vh] gap-x-10 gap-y-6 overflow-y-auto sm:grid-cols-2">
        <div className="space-y-6">
          {shortcutSections.map((section) => (
            <Section key={section.title} section={section} />
          ))}
        </div>
        <section>
          <h3 className="text-sm font-semibold text-slate-900">Status keys on a focused row</h3>
          <p className="mt-1 text-sm text-slate-600">One key per status sets the focused record to it, through the same confirmation as the row's status menu.</p>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {statusSections.map((list) => (
              <ListKeys key={list.list} list={list} />
            ))}
          </div>
        </section>
      </div>
    </Dialog>
  );
}

function Section({ section }: { section: ShortcutSection }) {
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">{section.title}</h3>
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

function ListKeys({ list }: { list: StatusKeys }) {
  return (
    <section className="rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200">
      <h4 className="text-xs font-medium text-slate-500">{list.list}</h4>
      <dl className="mt-1.5 space-y-1.5">
        {list.keys.map(({ shortcut, status }) => (
          <div key={shortcut.keys} className="flex items-center gap-2.5" title={shortcut.does}>
            <dt className="order-2 text-sm text-slate-700">{status}</dt>
            <dd className="order-1">
              <Kbd>{shortcut.label}</Kbd>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
