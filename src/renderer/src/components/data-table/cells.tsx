import { Badge } from '../ui/Badge';
import { formatDateTime, formatMoney, MISSING } from '../../lib/format';

/** Plain text, or a quiet dash when the record has none. */
export function TextCell({ value }: { value: string | null | undefined }) {
  return value ? <>{value}</> : <span className="text-slate-500">{MISSING}</span>;
}

export function DateCell({ value }: { value: string | null | undefined }) {
  const shown = formatDateTime(value);
  if (shown === MISSING || !value) return <span className="text-slate-500">{MISSING}</span>;
  return (
    <time dateTime={value} className="whitespace-nowrap text-slate-600 tabular-nums">
      {shown}
    </time>
  );
}

/**
 * A money value; when the stored amount is not a number, the stored text as it is with a warning,
 * so the admin never mistakes it for an amount the platform can compute with.
 */
export function AmountCell({ amount, raw }: { amount: number | null; raw?: string | null }) {
  if (amount !== null && Number.isFinite(amount)) {
    return <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(amount)}</span>;
  }
  return (
    <span className="inline-flex items-center justify-end gap-1.5 whitespace-nowrap">
      <span className="font-mono text-xs text-slate-600">{raw ?? MISSING}</span>
      <Badge tone="warning" title="The stored amount is not a number, so no money can move on this record.">
        not a number
      </Badge>
    </span>
  );
}
