import { useState } from 'react';
import { MISSING } from '../../lib/format';
import { CustomerPanel } from './CustomerPanel';

/** The e-mail in a row, as a button that opens the customer's totals; plain text when no customer is linked. */
export function CustomerButton({ customerId, email }: { customerId: string | null; email: string | null }) {
  const [open, setOpen] = useState(false);
  const shown = email || MISSING;
  if (!customerId) return <span className={email ? 'text-slate-700' : 'text-slate-400'}>{shown}</span>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        title="Show this customer's balance and totals"
        className="rounded text-left font-medium text-slate-900 underline decoration-slate-300 underline-offset-4 hover:text-indigo-700 hover:decoration-indigo-400"
      >
        {shown}
      </button>
      {open && <CustomerPanel customerId={customerId} email={shown} onClose={() => setOpen(false)} />}
    </>
  );
}
