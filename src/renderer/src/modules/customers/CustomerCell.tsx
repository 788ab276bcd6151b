import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { MISSING } from '../../lib/format';
import { SuspendedMark } from './suspended-marks';
import { CustomerLink } from './CustomerLink';
import { CustomerPanel } from './CustomerPanel';

/**
 * A money row's customer: the e-mail links to the customer page, and where the row names the
 * customer's document, a small button beside it opens their totals without leaving the list.
 */
export function CustomerCell({ userId, email }: { userId: string | null; email: string | null }) {
  const [open, setOpen] = useState(false);
  const shown = email || MISSING;
  return (
    <span className="inline-flex items-center gap-1.5">
      <CustomerLink userId={userId} email={email}>
        {shown}
      </CustomerLink>
      {userId && (
        <>
          <button
            type="button"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
            aria-label={`Show ${email || 'this customer'}'s totals`}
            title="Balance and totals"
            className="inline-flex size-6 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            <Wallet aria-hidden className="size-3.5" />
          </button>
          {open && <CustomerPanel userId={userId} email={shown} onClose={() => setOpen(false)} />}
        </>
      )}
      <SuspendedMark userId={userId} email={email} />
    </span>
  );
}
