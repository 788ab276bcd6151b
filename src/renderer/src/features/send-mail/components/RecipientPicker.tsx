import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { CustomerRow } from '@shared/contract';
import { CustomerCombobox } from '../../../modules/customers/CustomerCombobox';
import { cn } from '../../../lib/cn';

/** A customer who can be written to: one with an e-mail address. */
export type Recipient = Pick<CustomerRow, 'id' | 'fullname'> & { email: string };

/** The option label: full name, or the e-mail address when there is none. */
export const recipientLabel = (user: Recipient) => user.fullname?.trim() || user.email;

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

const asRecipient = (row: CustomerRow): Recipient => ({ id: row.id, fullname: row.fullname, email: row.email ?? '' });

interface RecipientPickerProps {
  /** The input's id, for its <label>. */
  id: string;
  value: Recipient | null;
  onChange: (recipient: Recipient | null) => void;
  invalid?: boolean;
}

/**
 * The customer search (customers with an e-mail only) until one is picked; then the recipient
 * shows with their e-mail address, so it is clear where the message goes, and Change goes back.
 */
export function RecipientPicker({ id, value, onChange, invalid = false }: RecipientPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useRef<'input' | 'change' | null>(null);

  useEffect(() => {
    if (focusAfterRender.current === 'input') inputRef.current?.focus();
    if (focusAfterRender.current === 'change') changeRef.current?.focus();
    focusAfterRender.current = null;
  }, [value]);

  const clear = () => {
    focusAfterRender.current = 'input';
    onChange(null);
  };

  if (value) {
    return (
      <div className={cn('flex items-center gap-3 rounded-lg border border-slate-300 bg-white py-1.5 pr-1.5 pl-2 shadow-xs', invalid && 'border-rose-400')}>
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

  return (
    <CustomerCombobox
      id={id}
      placeholder="Search by name or e-mail"
      requireEmail
      invalid={invalid}
      inputRef={inputRef}
      renderOption={(option) => {
        const recipient = asRecipient(option);
        return (
          <>
            <Avatar user={recipient} />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{recipientLabel(recipient)}</p>
              {option.fullname?.trim() && <p className="truncate text-xs text-slate-500">{option.email}</p>}
            </div>
          </>
        );
      }}
      onPick={(customer) => {
        focusAfterRender.current = 'change';
        onChange(asRecipient(customer));
      }}
    />
  );
}
