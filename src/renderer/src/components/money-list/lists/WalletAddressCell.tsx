import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { MISSING } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { CopyButton } from '../../CopyButton';
import { WithdrawalRiskPanel } from './risk-facts';

/** bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh -> bc1qxy2k…hx0wlh */
export function truncateMiddle(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/**
 * The address shortened in the middle (both ends are what people compare), the whole one on hover
 * and copy; with a withdrawal's id, a Details toggle that opens its facts under the cell.
 */
export function WalletAddressCell({ address, withdrawalId }: { address: string | null; withdrawalId?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <span className="relative inline-flex items-center gap-1">
      {address ? (
        <>
          <span title={address} className="font-mono text-xs text-slate-700">
            <span aria-hidden>{truncateMiddle(address)}</span>
            <span className="sr-only">{address}</span>
          </span>
          <CopyButton value={address} label="Copy wallet address" copiedMessage="Wallet address copied." failedMessage="Could not copy the address." />
        </>
      ) : (
        <span className="text-slate-400">{MISSING}</span>
      )}
      {withdrawalId && (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
            className="inline-flex h-7 items-center gap-0.5 rounded-md px-1.5 text-xs font-medium text-indigo-600 hover:bg-indigo-50"
          >
            Details
            <ChevronDown aria-hidden className={cn('size-3.5 transition-transform', open && 'rotate-180')} />
          </button>
          {open && (
            <div id={panelId} className="absolute top-full left-0 z-20 mt-1 w-[40rem] rounded-lg bg-white shadow-lg">
              <WithdrawalRiskPanel id={withdrawalId} />
            </div>
          )}
        </>
      )}
    </span>
  );
}
