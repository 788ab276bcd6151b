import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { statusLabel } from '@shared/domain/statuses';
import { cn } from '../../lib/cn';
import { Spinner } from '../../components/ui/Spinner';
import { LockReason } from './LockReason';

interface StatusSelectProps {
  /** e.g. "Change status for deposit from olivia@gmail.com" */
  label: string;
  value: string;
  options: readonly string[];
  onPick: (status: string) => void;
  /**
   * Why the status can no longer change (the select is disabled and a lock explains it); null while
   * it can. Left out for records that never lock, which then need no room for the lock.
   */
  lock?: string | null;
  /** A change is being saved: no second one until it answers. */
  busy?: boolean;
}

/** A native select (keyboard and screen readers for free) showing the current status. */
export function StatusSelect({ label, value, options, onPick, lock, busy = false }: StatusSelectProps) {
  const lockId = useId();
  // A status the screen does not offer (old or foreign data) is still shown as it is.
  const known = options.includes(value);
  return (
    <div className="flex items-center gap-1.5">
      <div className="relative">
        <select
          aria-label={label}
          aria-describedby={lock ? lockId : undefined}
          aria-busy={busy || undefined}
          value={value}
          disabled={Boolean(lock) || busy}
          onChange={(event) => onPick(event.target.value)}
          className={cn(
            'h-8 w-30 appearance-none rounded-md border border-slate-300 bg-white pr-8 pl-2.5 text-sm text-slate-900 shadow-xs',
            'hover:border-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none',
            'disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-500 disabled:shadow-none'
          )}
        >
          {!known && (
            <option value={value} disabled>
              {statusLabel(value)}
            </option>
          )}
          {options.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-400" />
      </div>
      {busy ? (
        <span className="inline-flex size-7 items-center justify-center">
          <Spinner label="Saving status" />
        </span>
      ) : lock ? (
        <LockReason id={lockId} reason={lock} />
      ) : lock === null ? (
        // Keeps the column the same width whether or not a row is locked.
        <span aria-hidden className="size-7 shrink-0" />
      ) : null}
    </div>
  );
}
