import type { DailySnapshotRow, Trend } from '@shared/contract';
import { owedLabels, owedNames, type OwedName } from '@shared/domain/dailySnapshot';
import { flowLabels, flowNames, type FlowName } from '@shared/domain/flows';
import type { ExportColumn } from '@shared/export/csv';
import { fromCents } from '@shared/domain/money';
import { formatMoney } from '../../lib/format';

/**
 * The money's trend as the dashboard draws it (docs/product-rules.md §10.7): one point per day shown,
 * in dollars; a day without a snapshot is a gap (null), never a zero.
 */

export const owedSeries: { key: OwedName; name: string; color: string }[] = [
  { key: 'balances', name: owedLabels.balances, color: 'var(--color-indigo-600)' },
  { key: 'pendingWithdrawals', name: owedLabels.pendingWithdrawals, color: 'var(--color-amber-500)' },
  { key: 'activePrincipal', name: owedLabels.activePrincipal, color: 'var(--color-emerald-600)' },
  { key: 'dueThisWeek', name: owedLabels.dueThisWeek, color: 'var(--color-rose-500)' }
];

export const flowSeries: { key: FlowName; name: string; color: string }[] = [
  { key: 'creditedDeposits', name: flowLabels.creditedDeposits, color: 'var(--color-indigo-600)' },
  { key: 'approvedWithdrawals', name: flowLabels.approvedWithdrawals, color: 'var(--color-amber-500)' },
  { key: 'payouts', name: flowLabels.payouts, color: 'var(--color-emerald-600)' },
  { key: 'bonuses', name: flowLabels.bonuses, color: 'var(--color-rose-500)' }
];

/** A day's point: each series in dollars, or null on a day without a snapshot. */
export type TrendPoint = { day: string } & Partial<Record<OwedName | FlowName, number | null>>;

/** The days shown, each with its snapshot's figures (or none), oldest first. */
export function trendPoints(trend: Trend): TrendPoint[] {
  const byDay = new Map(trend.snapshots.map((s) => [s.day, s]));
  return trend.days.map((day) => {
    const s = byDay.get(day);
    const point: TrendPoint = { day };
    for (const name of owedNames) point[name] = s ? fromCents(s.owed[name].cents) : null;
    for (const name of flowNames) point[name] = s ? fromCents(s.flows[name].cents) : null;
    return point;
  });
}

/** A figure as the text alternative says it: "$1,234.00", "$1,234.00 (2 left out)", or "No snapshot". */
export function figureText(snapshot: DailySnapshotRow | undefined, group: 'owed' | 'flows', name: OwedName | FlowName): string {
  if (!snapshot) return 'No snapshot';
  const { cents, leftOut } = (snapshot[group] as Record<string, { cents: number; leftOut: number }>)[name]!;
  return `${formatMoney(fromCents(cents))}${leftOut > 0 ? ` (${leftOut} left out)` : ''}`;
}

/** Records a figure could not sum, over the days shown: named under the chart, never hidden. */
export function leftOutDays(trend: Trend): number {
  return trend.snapshots.filter((s) => owedNames.some((n) => s.owed[n].leftOut > 0) || flowNames.some((n) => s.flows[n].leftOut > 0)).length;
}

/** The CSV of the series: one row per snapshot, each figure in dollars with what it left out beside it. */
export const trendColumns: ExportColumn<DailySnapshotRow>[] = [
  { header: 'Day', value: (s) => s.day },
  { header: 'Time zone', value: (s) => s.timeZone },
  ...owedNames.flatMap((name): ExportColumn<DailySnapshotRow>[] => [
    { header: owedLabels[name], value: (s) => fromCents(s.owed[name].cents) },
    { header: `${owedLabels[name]} left out`, value: (s) => s.owed[name].leftOut }
  ]),
  ...flowNames.flatMap((name): ExportColumn<DailySnapshotRow>[] => [
    { header: flowLabels[name], value: (s) => fromCents(s.flows[name].cents) },
    { header: `${flowLabels[name]} left out`, value: (s) => s.flows[name].leftOut }
  ]),
  { header: 'Taken at', value: (s) => s.takenAt, time: true },
  { header: 'Taken by', value: (s) => (s.takenBy === 'server' ? 'Nightly function' : 'Desktop') }
];

/** "Nov 3" */
