import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/Input';
import { cn } from '../../../lib/cn';

interface CustomerSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: also ask Firestore, beyond the loaded pages. */
  onSearchAll: () => void;
  searching: boolean;
}

/** Filters the loaded rows as you type; Enter (or the button) also searches every customer. */
export function CustomerSearch({ value, onChange, onSearchAll, searching }: CustomerSearchProps) {
  const id = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const canSearch = value.trim() !== '';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
      <label htmlFor={id} className="sr-only">
        Search users
      </label>
      <div className="relative w-96 max-w-full">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          ref={inputRef}
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && canSearch) {
              event.preventDefault();
              onSearchAll();
            } else if (event.key === 'Escape' && value) {
              event.preventDefault();
              onChange('');
            }
          }}
          placeholder="Search by name or e-mail"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          className={cn(inputClasses, 'pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden')}
        />
        {value && (
          <button
            type="button"
            onClick={() => {
              onChange('');
              inputRef.current?.focus();
            }}
            aria-label="Clear search"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <Button variant="secondary" onClick={onSearchAll} disabled={!canSearch} busy={searching}>
        {!searching && <Search aria-hidden />}
        Search all customers
      </Button>
      <p id={hintId} className="w-full text-xs text-slate-500">
        Typing filters the loaded customers. Press Enter to also search every customer by e-mail or name prefix.
      </p>
    </div>
  );
}
