import { fieldLabels } from '@shared/domain/users';
import { sourceText, writerText } from '@shared/export/statement';
import type { JournalAmountView, JournalEntry, JournalWriterView } from '@shared/schemas/journal';
import { Badge } from '../../../components/ui/Badge';
import { cn } from '../../../lib/cn';
import { formatMoney, MISSING } from '../../../lib/format';

/** +$25.50 / -$3.00: a change of money, signed, green when it adds, red when it takes away. */
export const signedMoney = (amount: number): string => (amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount));

export function SignedAmount({ amount }: { amount: number | null }) {
  if (amount === null) {
    return (
      <span className="text-slate-500" title="One side of the change is not a number, so the change cannot be told.">
        {MISSING}
      </span>
    );
  }
  return (
    <span className={cn('font-medium whitespace-nowrap tabular-nums', amount > 0 ? 'text-emerald-700' : amount < 0 ? 'text-rose-700' : 'text-slate-600')}>
      {signedMoney(amount)}
    </span>
  );
}

/** A figure on one side of a change: the amount, "none" where the field was absent, or the stored text marked as not a number. */
export function JournalAmount({ value }: { value: JournalAmountView }) {
  if (value.amount !== null) return <span className="whitespace-nowrap tabular-nums">{formatMoney(value.amount)}</span>;
  if (value.unreadable === null) return <span className="text-slate-500">none</span>;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span className="font-mono text-xs text-slate-600">{value.unreadable}</span>
      <Badge tone="warning" title="The stored value is not an amount; it is never counted as 0.">
        not a number
      </Badge>
    </span>
  );
}

const kindNotes = { created: 'Customer created', deleted: 'Customer deleted', updated: null, genesis: 'Journal chain started with the balance found' } as const;

/** Each figure the write changed, one per line: "Balance  $50.00 → $75.50". */
export function ChangedFigures({ entry }: { entry: Pick<JournalEntry, 'changes' | 'kind'> }) {
  return (
    <ul className="space-y-1">
      {kindNotes[entry.kind] && <li className="text-xs font-medium text-slate-500">{kindNotes[entry.kind]}</li>}
      {entry.changes.map((change) => (
        <li key={change.field} className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium text-slate-700">{fieldLabels[change.field]}</span>{' '}
          <span className="text-slate-600">
            <JournalAmount value={change.before} /> <span aria-label="to">→</span> <JournalAmount value={change.after} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ChangeAmounts({ entry }: { entry: Pick<JournalEntry, 'changes'> }) {
  return (
    <ul className="space-y-1">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <SignedAmount amount={change.change} />
        </li>
      ))}
    </ul>
  );
}

export const WriterText = ({ writer }: { writer: JournalWriterView }) => (
  <span
    className={cn('text-sm', writer.kind === 'unknown' ? 'text-slate-500' : 'text-slate-700')}
    title={writer.email && writer.id ? `uid ${writer.id}` : undefined}
  >
    {writerText(writer)}
  </span>
);

/** "Outside Ledgerdesk", or the audit entry Ledgerdesk wrote with the change; the chain's start is neither, and changes nothing. */
export function ChangeSource({ change }: { change: { outside: boolean; auditId: string | null; kind?: JournalEntry['kind'] } }) {
  if (change.kind === 'genesis') return <span className="text-sm text-slate-600">Records seeding</span>;
  if (change.outside || !change.auditId) return <Badge tone="warning">Outside Ledgerdesk</Badge>;
  return (
    <span className="text-sm text-slate-600" title={sourceText(change)}>
      Audit entry <span className="font-mono text-xs">{change.auditId.slice(0, 8)}</span>
    </span>
  );
}
