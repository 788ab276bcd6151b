import { Info } from 'lucide-react';
import { distanceText, distanceTo } from '@shared/domain/maturity';
import { Tip } from '../../components/ui/Tip';
import { cn } from '../../lib/cn';
import { formatDate, formatMoney } from '../../lib/format';

/** "Unknown", with the reason a tooltip away and read out to screen readers: never a guessed value. */
export function UnknownValue({ why }: { why: string | null }) {
  return (
    <Tip side="top" content={<span className="text-xs leading-5">{why ?? 'It cannot be told from what is stored.'}</span>}>
      <button type="button" className="inline-flex items-center gap-1 rounded text-sm text-amber-800 focus-visible:outline-2 focus-visible:outline-indigo-500">
        Unknown
        <Info aria-hidden className="size-3.5" />
        <span className="sr-only">: {why}</span>
      </button>
    </Tip>
  );
}

interface MaturityCellProps {
  maturesAt: string | null;
  /** Why it is unknown. */
  why: string | null;
  /** Days left or overdue matter only while it runs (active). */
  running: boolean;
  paidOutAt?: string | null;
}

/** When an investment matures, and, while it runs, how many days are left or overdue. */
export function MaturityCell({ maturesAt, why, running, paidOutAt = null }: MaturityCellProps) {
  if (!maturesAt) return <UnknownValue why={why} />;
  const distance = distanceTo(new Date(maturesAt), new Date());
  return (
    <span className="flex flex-col leading-5 whitespace-nowrap">
      <time dateTime={maturesAt} className="text-slate-700 tabular-nums">
        {formatDate(maturesAt)}
      </time>
      {paidOutAt ? (
        <span className="text-xs text-emerald-700">Paid out {formatDate(paidOutAt)}</span>
      ) : (
        running && (
          <span className={cn('text-xs tabular-nums', distance.kind === 'overdue' ? 'font-medium text-amber-700' : 'text-slate-500')}>
            {distanceText(distance)}
          </span>
        )
      )}
    </span>
  );
}

/** The ROI due at maturity, or why it is unknown. */
export function RoiDueCell({ roiDue, why }: { roiDue: number | null; why: string | null }) {
  if (roiDue === null) return <UnknownValue why={why} />;
  return <span className="whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(roiDue)}</span>;
}
