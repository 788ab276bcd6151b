import type { ReactNode } from 'react';
import { formatMoney, MISSING } from '../../../lib/format';
import { rowWho, type ReviewRow } from '../status-change';

/** Every money list's rows carry an amount; ReviewRow leaves it out, so it is read where it is shown. */
type WithAmount = ReviewRow & { amount?: number | null; amountRaw?: string | null };

/** The record's amount as the tables show it: money, or the stored text in quotes when it is not a number. */
export const rowAmount = (row: WithAmount): string =>
  row.amount !== null && row.amount !== undefined ? formatMoney(row.amount) : row.amountRaw ? `"${row.amountRaw}"` : MISSING;

/** One record in the bulk summary or result: who and how much, then what it does or why not. */
export function BulkRecord({ row, aside, children }: { row: WithAmount; aside?: ReactNode; children?: ReactNode }) {
  return (
    <li className="px-3 py-2.5">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="min-w-0 truncate font-medium text-slate-900">{rowWho(row)}</span>
        <span className="flex shrink-0 items-baseline gap-3">
          <span className="text-slate-700 tabular-nums">{rowAmount(row)}</span>
          {aside}
        </span>
      </div>
      {children && <div className="mt-1 space-y-0.5 text-xs text-slate-600">{children}</div>}
    </li>
  );
}

/** A titled group of records in a bordered list. */
export function RecordGroup({ title, tone = 'plain', children }: { title: string; tone?: 'plain' | 'refused'; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3
        className={
          tone === 'refused' ? 'text-xs font-semibold tracking-wide text-rose-700 uppercase' : 'text-xs font-semibold tracking-wide text-slate-500 uppercase'
        }
      >
        {title}
      </h3>
      <ul className="mt-1.5 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200 ring-inset">{children}</ul>
    </section>
  );
}
