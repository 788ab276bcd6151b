import * as RadixDialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { FileDown, Search } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { useCurrentView } from '../../lib/current-view';
import { Kbd } from '../../components/shortcuts/Kbd';
import { useFocusReturn } from '../../components/shortcuts/use-focus-return';
import { Spinner } from '../../components/ui/Spinner';
import { paletteGroups, type Destination, type PaletteAction, type PaletteItem } from './palette-items';
import { usePalette } from './palette-store';
import { PaletteRow } from './PaletteRow';
import type { RecordSource } from './record-source';
import { usePaletteSearch, type PaletteSearch } from './use-palette-search';

interface CommandPaletteProps {
  destinations: Destination[];
  records: RecordSource;
  /** The desk's own actions ("Keyboard shortcuts"); the screen's exports are added to them. */
  actions?: PaletteAction[];
}

/** What closing the palette leads to: back where the focus was, a new screen, or an action to run. */
type Outcome = { kind: 'none' } | { kind: 'navigated' } | { kind: 'action'; run: () => void };

/**
 * Ctrl K / ⌘ K: go to any screen, find a user, open a record by its id, or run the screen's
 * Export CSV, all from the keyboard. It looks like the app's other dialogs, opened near the top.
 */
export function CommandPalette(props: CommandPaletteProps) {
  const open = usePalette((state) => state.open);
  const setOpen = usePalette((state) => state.setOpen);
  const outcome = useRef<Outcome>({ kind: 'none' });
  useFocusReturn(open);

  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px] dark:bg-black/60" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => (outcome.current = { kind: 'none' })}
          onCloseAutoFocus={(event) => {
            const done = outcome.current;
            outcome.current = { kind: 'none' };
            if (done.kind === 'navigated') {
              // The element focused before belongs to the screen that was left: the new screen's content takes it.
              event.preventDefault();
              document.getElementById('content')?.focus({ preventScroll: true });
            } else if (done.kind === 'action') {
              // After the focus is back, so a window the action opens (the export's progress) keeps it.
              setTimeout(done.run, 0);
            }
          }}
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-slate-900/10 focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Command palette</RadixDialog.Title>
          <PaletteBody
            {...props}
            onDone={(next) => {
              outcome.current = next;
              setOpen(false);
            }}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const EXPORT_ICON = FileDown;

/** A sentence is shorter than a long pasted id: cut it in the "no results" line. */
const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

function PaletteBody({ destinations, records, actions = [], onDone }: CommandPaletteProps & { onDone: (outcome: Outcome) => void }) {
  const [text, setText] = useState('');
  /** Enter pressed before the answer came: the text it was pressed on. */
  const [enterOn, setEnterOn] = useState<string | null>(null);
  const navigate = useNavigate();
  const exports = useCurrentView((view) => view.exports);
  const search = usePaletteSearch(text, records);

  const allActions = useMemo<PaletteAction[]>(
    () => [
      ...exports.map((entry) => ({
        value: `export ${entry.key}`,
        label: 'Export CSV',
        detail: `${entry.noun.charAt(0).toUpperCase()}${entry.noun.slice(1)}, as filtered on this screen`,
        icon: EXPORT_ICON,
        keywords: ['download', 'csv', 'spreadsheet', entry.noun],
        action: entry.run
      })),
      ...actions
    ],
    [exports, actions]
  );

  const groups = paletteGroups({ text, destinations, actions: allActions, users: search.users, records: search.records });
  const choosable = groups.flatMap((group) => group.items).filter((item) => !item.stale);

  const choose = (item: PaletteItem) => {
    if ('to' in item.run) {
      onDone({ kind: 'navigated' });
      void navigate(item.run.to);
    } else onDone({ kind: 'action', run: item.run.action });
  };

  // Enter on a pasted id before its answer: the one thing it names opens when the answer comes.
  const typed = text.trim();
  const { current: answerIn, failure } = search;
  const answered = useEffectEvent(() => {
    const only = choosable.length === 1 ? choosable[0] : undefined;
    if (only) choose(only);
  });
  useEffect(() => {
    if (enterOn === null) return;
    if (enterOn !== typed || failure) setEnterOn(null);
    else if (answerIn) {
      setEnterOn(null);
      answered();
    }
  }, [enterOn, typed, failure, answerIn]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && choosable.length === 0 && search.searching) setEnterOn(typed);
  };

  return (
    <Command label="Command palette" shouldFilter={false} loop onKeyDown={onKeyDown} className="flex flex-col">
      <div className="flex items-center gap-3 border-b border-slate-200 px-4">
        <Search aria-hidden className="size-4 shrink-0 text-slate-400" />
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder="Go to a screen, find a user, paste a record id…"
          className="h-13 min-w-0 flex-1 bg-transparent text-[15px] text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
        {search.searching && <Spinner />}
      </div>
      <Command.List className={cn('max-h-[min(56vh,26rem)] overflow-y-auto overscroll-contain', groups.length > 0 && 'p-2')}>
        {groups.map((group) => (
          <Command.Group
            key={group.name}
            heading={group.name}
            className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-slate-500"
          >
            {group.items.map((item) => (
              <PaletteRow key={item.value} item={item} onChoose={choose} />
            ))}
          </Command.Group>
        ))}
      </Command.List>
      <StatusLine text={typed} search={search} nothingShown={groups.length === 0} />
      <footer aria-hidden className="flex items-center gap-4 border-t border-slate-100 bg-slate-50 px-4 py-2 text-xs text-slate-500">
        <span className="flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> to move
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Enter</Kbd> to open
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Esc</Kbd> to close
        </span>
      </footer>
    </Command>
  );
}

/** What the list cannot say by itself: searching, a failure, nothing found, or how to find more. */
function StatusLine({ text, search, nothingShown }: { text: string; search: PaletteSearch; nothingShown: boolean }) {
  let line: string | null = null;
  if (search.failure) line = `Couldn't search. ${search.failure}`;
  else if (search.searching) line = nothingShown ? 'Searching…' : null;
  else if (nothingShown && text.length === 1) line = 'No screen or action matches. Type 2 characters or more to find a user.';
  else if (nothingShown) line = `No results for ${quoted(text)}. Try a screen's name, a user's e-mail or name, or paste a whole id.`;
  return (
    <p role="status" className={cn(line ? 'flex items-center gap-2 px-5 py-4 text-sm' : 'sr-only', search.failure ? 'text-rose-700' : 'text-slate-500')}>
      {line === 'Searching…' && <Spinner />}
      {line}
    </p>
  );
}
