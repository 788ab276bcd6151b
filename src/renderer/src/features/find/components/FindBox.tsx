import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RecordMatch } from '@shared/contract';
import { inputClasses } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useActiveOption } from '../../../lib/type-ahead';
import { MIN_FIND_LENGTH, useFindRecords } from '../api/find';
import { recordPath } from '../record-path';
import { MatchOption } from './MatchOption';
import { useSlashShortcut } from './use-slash-shortcut';

const SEARCH_DELAY_MS = 250;

/** Long pasted text is cut in the "nothing matches" sentence, so it stays one readable line. */
const quoted = (text: string) => `“${text.length > 48 ? `${text.slice(0, 47)}…` : text}”`;

/**
 * The top bar's search, an ARIA combobox: a pasted id opens its record, an e-mail or the start of
 * a name offers customers. It searches after a short pause, at once on paste; arrows move, Enter
 * opens (Enter right after pasting an id waits for the answer and opens the one record it names),
 * Escape closes, "/" anywhere else focuses it.
 */
export function FindBox() {
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  /** The text Enter was pressed on before its answer came: open it when it comes. */
  const [enterOn, setEnterOn] = useState<string | null>(null);
  const pasted = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  useSlashShortcut(inputRef);

  const typed = text.trim();
  useEffect(() => {
    const timer = setTimeout(() => setSearched(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = useFindRecords(searched);
  const enough = typed.length >= MIN_FIND_LENGTH;
  // The answer on screen is the one for what the box holds now (not the last one, kept while the next runs).
  const current = enough && searched === typed && search.isSuccess && !search.isPlaceholderData;
  // A failure shows until Try again's new answer comes; meanwhile it says it is searching.
  const failed = enough && searched === typed && search.isError && !search.isFetching;
  const waiting = enough && !current && !failed;
  const matches = useMemo<RecordMatch[]>(() => (enough ? (search.data?.matches ?? []) : []), [enough, search.data]);

  const [active, setActive] = useActiveOption(matches, listId);

  const openMatch = (match: RecordMatch) => {
    setText('');
    setSearched('');
    setOpen(false);
    setEnterOn(null);
    inputRef.current?.blur();
    void navigate(recordPath(match));
  };

  // Enter pressed while the answer was on its way: one record opens, several are shown to choose from.
  const answered = useEffectEvent(() => {
    const only = matches.length === 1 ? matches[0] : undefined;
    if (only) openMatch(only);
    else setOpen(true);
  });
  useEffect(() => {
    if (enterOn === null || enterOn !== typed) return;
    if (current) {
      setEnterOn(null);
      answered();
    } else if (failed) setEnterOn(null);
  }, [enterOn, typed, current, failed]);

  const expanded = open && typed.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!expanded) setOpen(true);
        else if (matches.length) {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActive((i) => (i + step + matches.length) % matches.length);
        }
        break;
      }
      case 'Enter': {
        event.preventDefault();
        if (!enough) break;
        setOpen(true);
        const match = current ? matches[active] : undefined;
        if (match) openMatch(match);
        else if (!current) {
          setSearched(typed);
          setEnterOn(typed);
        }
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else if (text) setText('');
        else inputRef.current?.blur();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  let status: string | null = null;
  if (!enough) status = `Type at least ${MIN_FIND_LENGTH} characters.`;
  else if (waiting && matches.length === 0) status = 'Searching…';
  else if (failed) status = `Couldn't search. ${errorMessage(search.error)}`;
  else if (current && matches.length === 0) status = `Nothing matches ${quoted(searched)}: paste a whole id, an e-mail or the start of a name.`;

  return (
    <div className="relative w-full max-w-md">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Find a record"
        aria-keyshortcuts="/"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 && matches[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Find a record: paste an id, an e-mail or a name"
        value={text}
        onPaste={() => (pasted.current = true)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setEnterOn(null);
          // A pasted id is complete: no reason to wait for more typing.
          if (pasted.current) setSearched(event.target.value.trim());
          pasted.current = false;
        }}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
        }}
        onBlur={() => {
          setFocused(false);
          setOpen(false);
        }}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'h-9 bg-slate-50 pr-9 pl-9 focus:bg-white [&::-webkit-search-cancel-button]:hidden')}
      />
      {waiting && expanded ? (
        <Spinner className="absolute top-1/2 right-3 -translate-y-1/2" />
      ) : (
        !focused &&
        !text && (
          <kbd
            aria-hidden
            title="Press / to search"
            className="pointer-events-none absolute top-1/2 right-2.5 flex h-5 min-w-5 -translate-y-1/2 items-center justify-center rounded border border-slate-300 bg-white px-1 font-sans text-xs text-slate-500"
          >
            /
          </kbd>
        )
      )}

      <div hidden={!expanded} className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-900/10">
        <ul id={listId} role="listbox" aria-label="Matching records" className={cn('max-h-96 overflow-y-auto', matches.length > 0 && 'py-1')}>
          {matches.map((match, index) => (
            <MatchOption
              key={`${match.kind}/${match.id}`}
              id={`${listId}-${index}`}
              match={match}
              active={index === active}
              stale={waiting}
              onHover={() => setActive(index)}
              onOpen={() => openMatch(match)}
            />
          ))}
        </ul>
        <p role="status" className={cn('px-3 text-sm', failed ? 'text-rose-700' : 'text-slate-500', status ? 'flex items-center gap-2 py-3' : 'sr-only')}>
          {status === 'Searching…' && <Spinner />}
          {status ?? `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}. Use the arrow keys and Enter to open.`}
        </p>
        {failed && (
          <div className="px-3 pb-3">
            <button
              type="button"
              // Keeps the focus in the box, so the results stay open while it searches again.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void search.refetch()}
              className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Try again
            </button>
          </div>
        )}
        {matches.length > 0 && (
          <p aria-hidden className="flex gap-3 border-t border-slate-100 bg-slate-50 px-3 py-1.5 text-xs text-slate-500">
            <span>↑↓ to move</span>
            <span>Enter to open</span>
            <span>Esc to close</span>
          </p>
        )}
      </div>
    </div>
  );
}
