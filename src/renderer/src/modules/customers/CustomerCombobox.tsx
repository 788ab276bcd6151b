import { Search } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { CustomerRow } from '@shared/contract';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useActiveOption } from '../../lib/type-ahead';
import { inputClasses } from '../../components/ui/Input';
import { Spinner } from '../../components/ui/Spinner';
import { MIN_SEARCH_LENGTH, useCustomerSearch, useDebounced } from './customer-search';

const SEARCH_DELAY_MS = 250;

/** The option label: full name, or the e-mail address when there is none. */
export const customerOptionLabel = (user: Pick<CustomerRow, 'id' | 'fullname' | 'email'>) => user.fullname?.trim() || user.email || user.id;

/** A customer's name and, under it, their e-mail: how an option reads unless the picker draws its own. */
const plainOption = (option: CustomerRow) => (
  <div className="min-w-0">
    <p className="truncate text-sm font-medium text-slate-900">{customerOptionLabel(option)}</p>
    {option.fullname?.trim() && option.email && <p className="truncate text-xs text-slate-500">{option.email}</p>}
  </div>
);

interface CustomerComboboxProps {
  /** The input's id, for its <label>. */
  id: string;
  placeholder: string;
  onPick: (user: CustomerRow) => void;
  /** Only customers with an e-mail can be picked (a recipient; compound investments name customers by e-mail). */
  requireEmail?: boolean;
  invalid?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
  inputClassName?: string;
  listClassName?: string;
  /** How an option reads; name and e-mail by default. */
  renderOption?: (user: CustomerRow) => ReactNode;
}

/**
 * The search half of every customer picker (the money lists' customer filter, the webmail
 * recipient): searches as you type (after a short pause, from 2 characters), arrows move through
 * the matches, Enter picks, Escape closes, and the status line says why nothing shows.
 */
export function CustomerCombobox({
  id,
  placeholder,
  onPick,
  requireEmail = false,
  invalid = false,
  inputRef,
  className,
  inputClassName,
  listClassName,
  renderOption = plainOption
}: CustomerComboboxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();

  const typed = text.trim();
  const debounced = useDebounced(typed, SEARCH_DELAY_MS);
  const search = useCustomerSearch(debounced);
  const enough = typed.length >= MIN_SEARCH_LENGTH;
  const waiting = enough && (typed !== debounced || search.isFetching);

  const options = useMemo<CustomerRow[]>(() => {
    if (!enough) return [];
    const rows = (search.data?.rows ?? []).filter((row) => !requireEmail || Boolean(row.email));
    return rows.sort((a, b) => customerOptionLabel(a).localeCompare(customerOptionLabel(b)));
  }, [enough, search.data, requireEmail]);

  const [active, setActive] = useActiveOption(options, listId);

  const pick = (user: CustomerRow) => {
    setText('');
    setOpen(false);
    onPick(user);
  };

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
        // Never submits a form from here: Enter picks the highlighted match, or does nothing.
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
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'pr-9 pl-9', inputClassName)}
      />
      {waiting && <Spinner className="absolute top-1/2 right-3 -translate-y-1/2" />}

      <div
        hidden={!expanded}
        className={cn('absolute inset-x-0 top-full z-20 mt-1.5 overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-900/10', listClassName)}
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
              {renderOption(option)}
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
