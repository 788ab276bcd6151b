import { ChevronDown } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { MISSING } from '../../lib/format';
import { cn } from '../../lib/cn';
import { CopyButton } from '../../components/CopyButton';
import { useRowDetails } from '../../modules/review-list/keyboard/opened-row';
import { WithdrawalRiskPanel, WithdrawalWarnings } from '../../modules/withdrawals/withdrawal-facts';

/** bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh -> bc1qxy2k…hx0wlh */
export function truncateMiddle(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

const PANEL_WIDTH = 640;

/**
 * Where the row's facts open: under the toggle, kept inside the window, following the page as it
 * scrolls. The panel is placed over the page (a portal) because the table clips what overflows it.
 */
function useAnchoredPosition(anchor: RefObject<HTMLElement | null>, open: boolean) {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (rect) setPosition({ top: rect.bottom + 4, left: Math.max(16, Math.min(rect.right - PANEL_WIDTH, window.innerWidth - PANEL_WIDTH - 16)) });
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [anchor, open]);
  return position;
}

/**
 * The address shortened in the middle (both ends are what people compare), the whole one on hover
 * and copy; with a withdrawal's id, a Details toggle that opens its facts under the cell.
 */
export function WalletAddressCell({ address, withdrawalId }: { address: string | null; withdrawalId?: string }) {
  // Enter on the row opens the same facts as the toggle.
  const [open, setOpen] = useRowDetails(withdrawalId ?? '');
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const position = useAnchoredPosition(toggle, open);
  // setOpen is made anew on each render of a list's row: listening again for each would be for nothing.
  const close = useEffectEvent(() => setOpen(false));
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [open]);
  return (
    <span className="inline-flex items-center gap-0.5">
      {address ? (
        <>
          <span title={address} className="font-mono text-xs whitespace-nowrap text-slate-700">
            <span aria-hidden>{truncateMiddle(address)}</span>
            <span className="sr-only">{address}</span>
          </span>
          <CopyButton value={address} label="Copy wallet address" copiedMessage="Wallet address copied." failedMessage="Could not copy the address." />
        </>
      ) : (
        <span className="text-slate-500">{MISSING}</span>
      )}
      {withdrawalId && (
        <>
          <button
            ref={toggle}
            type="button"
            aria-label="Details"
            title="Details: the customer, the address and its checks"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
            className={cn(
              'inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700',
              open && 'bg-indigo-50 text-indigo-600'
            )}
          >
            <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
          </button>
          {open &&
            position &&
            createPortal(
              <div
                id={panelId}
                style={{ top: position.top, left: position.left, width: PANEL_WIDTH }}
                className="fixed z-30 space-y-2 rounded-lg bg-white p-2 shadow-lg ring-1 ring-slate-900/5"
              >
                <WithdrawalRiskPanel id={withdrawalId} />
                <WithdrawalWarnings id={withdrawalId} />
              </div>,
              document.body
            )}
        </>
      )}
    </span>
  );
}
