import type { CustomerCard } from '@shared/contract';
import { formatMoney } from '../../lib/format';
import { Skeleton } from '../../components/ui/Skeleton';

const fields: Array<[key: keyof CustomerCard, label: string]> = [
  ['balance', 'Balance'],
  ['Totaldeposit', 'Total deposit'],
  ['Totalwithdrawal', 'Total withdrawal'],
  ['totalearnings', 'Total earnings'],
  ['TotalBonus', 'Total bonus']
];

/** A customer's money, one labelled figure per line; skeletons until it arrives. */
export function CustomerTotals({ card, refreshing = false }: { card: CustomerCard | undefined; refreshing?: boolean }) {
  return (
    // Busy until the figures are fresh: the ones on screen may be from the last time it opened.
    <dl aria-busy={!card || refreshing || undefined} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {fields.map(([key, label]) => (
        <div key={key} className="flex items-center justify-between gap-4 px-4 py-2.5">
          <dt className="text-sm text-slate-500">{label}</dt>
          <dd className="text-sm font-medium text-slate-900 tabular-nums">
            {card ? formatMoney(card[key] as number | null) : <Skeleton className="h-4 w-20" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
