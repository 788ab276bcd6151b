import { Search, UserRound, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { UserRow } from '../../../../shared/contract';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { inputClasses } from '../ui/Input';
import { Skeleton } from '../ui/Skeleton';
import { Spinner } from '../ui/Spinner';
import { MIN_SEARCH_LENGTH, useCustomerSearch, useDebounced } from './customer-search';

/** The customer a filter is set to: what is known of them (a URL may carry only the id or the e-mail). */
export interface PickedCustomer {
  name: string | null;
  email: string | null;
  /** Still looking the customer up by id: the chip shows a placeholder. */
  loading?: boolean;
}

const SEARCH_DELAY_MS = 250;

/** The option label: full name, or the e-mail address when there is none. */
const nameOf = (user: UserRow) => user.fullname?.trim() || user.email || user.id;

interface CustomerPickerProps {
  /** The input's id, for its <label>. */
  id: string;
  value: PickedCustomer | null;
  onPick: (customer: UserRow) => void;
  onClear: () => void;
  /** Only customers with an e-mail can be picked (compound investments name customers by e-mail). */
  requireEmail?: boolean;
  className?: string;
}

/**
 * A combobox that searches customers as you type (after a short pause, from 2 characters):
 * arrows move through the matches, Enter picks, Escape closes. Once picked, the customer shows
 * as a chip with their name and e-mail and a clear (x) button.
 */
export function CustomerPicker({ id, value, onPick, onClear, requireEmail = false, className }: CustomerPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useRef<'input' | 'clear' | null>(null);

  const typed = text.trim();
  const debounced = useDebounced(typed, SEARCH_DELAY_MS);
  const search = useCustomerSearch(debounced);
  const enough = typed.length >= MIN_SEARCH_LENGTH;
  const waiting = enough && (typed !== debounced || search.isFetching);

  const options = useMemo<UserRow[]>(() => {
    if (!enough) return [];
    const rows = (search.data?.rows ?? []).filter((row) => !requireEmail || Boolean(row.email));
    return rows.sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  }, [enough, search.data, requireEmail]);

  // The first match is highlighted whenever the matches change, so Enter picks it.
  useEffect(() => setActive(options.length > 0 ? 0 : -1), [options]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const shown = value !== null;
  useEffect(() => {
    if (focusAfterRender.current === 'input') inputRef.current?.focus();
    if (focusAfterRender.current === 'clear') clearRef.current?.focus();
    focusAfterRender.current = null;
  }, [shown]);

  const pick = (customer: UserRow) => {
    focusAfterRender.current = 'clear';
    setText('');
    setOpen(false);
    onPick(customer);
  };

  if (value) {
    const title = value.name || value.email || 'Customer';
    return (
      <div
        role="group"
        aria-label="Customer filter"
        className={cn('flex h-9 items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50/60 pr-1 pl-2.5 shadow-xs', className)}
      >
        <UserRound aria-hidden className="size-4 shrink-0 text-indigo-500" />
        {value.loading ? (
          <Skeleton className="h-4 w-32" />
        ) : (
          <p className="min-w-0 truncate text-sm">
            <span className="font-medium text-slate-900">{title}</span>
            {value.name && value.email && <span className="text-slate-500"> · {value.email}</span>}
          </p>
        )}
        <button
          ref={clearRef}
          type="button"
          onClick={() => {
            focusAfterRender.current = 'input';
            onClear();
          }}
          aria-label={`Clear customer ${value.email ?? title}`}
          className="ml-auto inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-indigo-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <X aria-hidden className="size-4" />
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
    <div className={cn('relative', className)}>
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
        autoComplete="off"
        spellCheck={false}
        placeholder="Any customer: type a name or e-mail"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'h-9 pr-9 pl-9')}
      />
      {waiting && <Spinner className="absolute top-1/2 right-3 -translate-y-1/2" />}

      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1.5 min-w-72 overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-900/10"
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
              className={cn('cursor-pointer px-3 py-2', index === active ? 'bg-indigo-50' : 'hover:bg-slate-50', waiting && 'opacity-60')}
            >
              <p className="truncate text-sm font-medium text-slate-900">{nameOf(option)}</p>
              {option.fullname?.trim() && option.email && <p className="truncate text-xs text-slate-500">{option.email}</p>}
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
