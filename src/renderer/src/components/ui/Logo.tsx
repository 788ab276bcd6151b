import { cn } from '../../lib/cn';

/** The Ledgerdesk mark: ruled ledger lines with a settled (ticked) last entry. The same in both themes. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('always-dark size-8 shrink-0', className)} aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path d="M9 10.5h14M9 15.5h14M9 20.5h6" stroke="white" strokeWidth="2.25" strokeLinecap="round" />
      <path d="m18.5 21 2 2 3.5-4" stroke="#a5b4fc" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return <span className={cn('text-[15px] font-semibold tracking-tight', className)}>Ledgerdesk</span>;
}
