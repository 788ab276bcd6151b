import { Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { UserRow } from '../../../../../shared/contract';
import { Spinner } from '../../../components/ui/Spinner';
import { inputClasses } from '../../../components/ui/Input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { MIN_SEARCH_LENGTH, useRecipientSearch } from '../api/send-mail';

/** A customer who can be written to: one with an e-mail address. */
export type Recipient = Pick<UserRow, 'id' | 'fullname'> & { email: string };

/** The option label: full name, or the e-mail address when there is none. */
export const recipientLabel = (user: Recipient) => user.fullname?.trim() || user.email;

const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function initials(user: Recipient): string {
  const words = (user.fullname?.trim() || user.email).split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

function Avatar({ user }: { user: Recipient }) {
  return (
    <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700">
      {initials(user)}
    </span>
  );
}

interface RecipientPickerProps {
  /** The input's id, for its <label>. */
  id: string;
  value: Recipient | null;
  onChange: (recipient: Recipient | null) => void;
  invalid?: boolean;
}

/**
 * A combobox that searches customers as you type (after a short pause, from 2 characters):
 * arrows move through the matches, Enter picks, Escape closes. Once picked, the recipient shows
 * with their e-mail address, so it is clear where the message goes.
 */
export function RecipientPicker({ id, value, onChange, invalid = false }: RecipientPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useRef<'input' | 'change' | null>(null);

  const typed = text.trim();
  const debounced = useDebounced(typed, SEARCH_DELAY_MS);
  const search = useRecipientSearch(debounced);
  const enough = typed.length >= MIN_SEARCH_LENGTH;
  const waiting = enough && (typed !== debounced || search.isFetching);

  const options = useMemo<Recipient[]>(() => {
    if (!enough) return [];
    const rows = (search.data?.rows ?? []).filter((row): row is UserRow & { email: string } => Boolean(row.email));
    return rows.sort((a, b) => recipientLabel(a).localeCompare(recipientLabel(b)));
  }, [enough, search.data]);

  // The first match is highlighted whenever the matches change, so Enter picks it.
  useEffect(() => setActive(options.length > 0 ? 0 : -1), [options]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  useEffect(() => {
    if (focusAfterRender.current === 'input') inputRef.current?.focus();
    if (focusAfterRender.current === 'change') changeRef.current?.focus();
    focusAfterRender.current = null;
  }, [value]);

  const pick = (recipient: Recipient) => {
    focusAfterRender.current = 'change';
    setText('');
    setOpen(false);
    onChange(recipient);
  };

  const clear = () => {
    focusAfterRender.current = 'input';
    onChange(null);
  };

  if (value) {
    return (
      <div
        className={cn(
          'flex items-center gap-3 rounded-lg border border-slate-300 bg-white py-1.5 pr-1.5 pl-2 shadow-xs',
          invalid && 'border-rose-400'
        )}
      >
        <Avatar user={value} />
        <div className="min-w-0 flex-1" aria-label="Recipient" role="group">
          <p className="truncate text-sm font-medium text-slate-900">{recipientLabel(value)}</p>
          <p className="truncate text-xs text-slate-500">{value.email}</p>
        </div>
        <button
          ref={changeRef}
          type="button"
          onClick={clear}
          className="flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden className="size-4" />
          Change<span className="sr-only"> recipient</span>
        </button>
      </div>
    );
  }

  const expanded = open && typed.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length) setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter': {
        // Never submits the form from here: Enter picks the highlighted match, or does nothing.
        event.preventDefault();
        const option = expanded && !waiting ? options[active] : undefined;
        if (option) pick(option);
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  let status: string | null = null;
  if (!enough) status = `Type at least ${MIN_SEARCH_LENGTH} characters of a name or e-mail address.`;
  else if (search.isError && !search.data) status = `Couldn't search customers. ${errorMessage(search.error)}`;
  else if (!search.data || (waiting && options.length === 0)) status = 'Searching…';
  else if (options.length === 0) status = `No customer's name or e-mail address starts with “${debounced}”.`;

  return (
    <div className="relative">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by name or e-mail"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'pr-9 pl-9')}
      />
      {waiting && <Spinner className="absolute top-1/2 right-3 -translate-y-1/2" />}

      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1.5 overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-900/10"
      >
        <ul id={listId} role="listbox" aria-label="Matching customers" className={cn('max-h-72 overflow-y-auto', options.length > 0 && 'py-1')}>
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the input, so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(option)}
              className={cn(
                'flex cursor-pointer items-center gap-3 px-3 py-2',
                index === active ? 'bg-indigo-50' : 'hover:bg-slate-50',
                waiting && 'opacity-60'
              )}
            >
              <Avatar user={option} />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{recipientLabel(option)}</p>
                {option.fullname?.trim() && <p className="truncate text-xs text-slate-500">{option.email}</p>}
              </div>
            </li>
          ))}
        </ul>
        <p role="status" className={cn('px-3 text-sm text-slate-500', status ? 'py-3' : 'sr-only')}>
          {status ?? `${options.length} ${options.length === 1 ? 'match' : 'matches'}. Use the arrow keys and Enter to pick.`}
        </p>
      </div>
    </div>
  );
}
