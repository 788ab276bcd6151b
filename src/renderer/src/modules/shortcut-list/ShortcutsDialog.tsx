import type { ReactNode } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { cn } from '../../lib/cn';
import { Kbd, KeyCombo } from '../../components/shortcuts/Kbd';
import { shortcutSections, statusSections, type ShortcutSection, type StatusKeys } from './shortcut-sections';
import { useFocusReturn } from '../../components/shortcuts/use-focus-return';
import { useMay } from '../../lib/role';

/** `?`: every shortcut the desk answers, the list's status keys per list beside the rest. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  useFocusReturn(open);
  // The status keys decide: a role that may not decide has none on its rows, so none are listed.
  const mayDecide = useMay('decide');
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
        {mayDecide && (
          <section>
            <h3 className="text-sm font-semibold text-slate-900">Status keys on a focused row</h3>
            <p className="mt-1 text-sm text-slate-600">
              One key per status sets the focused record to it, through the same confirmation as the row's status menu.
            </p>
            <div className="mt-3 grid grid-cols-2 gap-3">
              {statusSections.map((list) => (
                <ListKeys key={list.list} list={list} />
              ))}
            </div>
          </section>
        )}
      </div>
    </Dialog>
  );
}

interface KeyRow {
  id: string;
  /** What the keys do, or the status they set. */
  text: string;
  keys: ReactNode;
  hint?: string;
}

/** Keys and what each does, as a description list: the words are the term, the keys describe them. */
function KeyRows({ rows, keyFirst = false }: { rows: KeyRow[]; keyFirst?: boolean }) {
  return (
    <dl className={keyFirst ? 'mt-1.5 space-y-1.5' : 'mt-2 divide-y divide-slate-100'}>
      {rows.map((row) => (
        <div key={row.id} title={row.hint} className={keyFirst ? 'flex items-center gap-2.5' : 'flex items-center justify-between gap-4 py-1.5'}>
          <dt className={cn('text-sm text-slate-700', keyFirst && 'order-2')}>{row.text}</dt>
          <dd className={keyFirst ? 'order-1' : 'shrink-0'}>{row.keys}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ section }: { section: ShortcutSection }) {
  const rows = section.shortcuts.map((shortcut) => ({ id: shortcut.keys, text: shortcut.does, keys: <KeyCombo label={shortcut.label} /> }));
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">{section.title}</h3>
      <KeyRows rows={rows} />
    </section>
  );
}

function ListKeys({ list }: { list: StatusKeys }) {
  const rows = list.keys.map(({ shortcut, status }) => ({ id: shortcut.keys, text: status, keys: <Kbd>{shortcut.label}</Kbd>, hint: shortcut.does }));
  return (
    <section className="rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200">
      <h4 className="text-xs font-medium text-slate-500">{list.list}</h4>
      <KeyRows rows={rows} keyFirst />
    </section>
  );
}
