import { UserRound, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { CustomerRow } from '@shared/contract';
import { cn } from '../../lib/cn';
import { Skeleton } from '../../components/ui/Skeleton';
import { CustomerCombobox } from './CustomerCombobox';

/** The customer a filter is set to: what is known of them (a URL may carry only the id or the e-mail). */
export interface PickedCustomer {
  name: string | null;
  email: string | null;
  /** Still looking the customer up by id: the chip shows a placeholder. */
  loading?: boolean;
}

interface CustomerPickerProps {
  /** The input's id, for its <label>. */
  id: string;
  value: PickedCustomer | null;
  onPick: (user: CustomerRow) => void;
  onClear: () => void;
  /** Only customers with an e-mail can be picked (compound investments name customers by e-mail). */
  requireEmail?: boolean;
  className?: string;
}

/**
 * A list's customer filter: the customer search until one is picked, then a chip with their name
 * and e-mail and a clear (x) button. The focus follows: to the chip's clear button after a pick,
 * back to the search after clearing.
 */
export function CustomerPicker({ id, value, onPick, onClear, requireEmail = false, className }: CustomerPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useRef<'input' | 'clear' | null>(null);

  const shown = value !== null;
  useEffect(() => {
    if (focusAfterRender.current === 'input') inputRef.current?.focus();
    if (focusAfterRender.current === 'clear') clearRef.current?.focus();
    focusAfterRender.current = null;
  }, [shown]);

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

  return (
    <CustomerCombobox
      id={id}
      placeholder="Any customer: type a name or e-mail"
      requireEmail={requireEmail}
      inputRef={inputRef}
      className={className}
      inputClassName="h-9"
      listClassName="min-w-72"
      onPick={(user) => {
        focusAfterRender.current = 'clear';
        onPick(user);
      }}
    />
  );
}
