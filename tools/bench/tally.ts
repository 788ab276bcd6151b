// The original admin's way of computing the dashboard (docs/product-rules.md §14): look at every document and count in memory. Also
// compares the figures of the three sources (seeded, aggregated, counted) so a fast but wrong
// dashboard cannot pass.
import type { DashboardSummary } from '../../src/shared/contract';

export interface Tally {
  total: number;
  byStatus: Record<string, number>;
  /** Sum of the numeric amounts of the settled status (success / approved), in cents. */
  settledCents: number;
  /** Settled records whose amount is not a finite number (text, missing, NaN, infinite: left out of the sum). */
  leftOut: number;
}

export const newTally = (): Tally => ({ total: 0, byStatus: {}, settledCents: 0, leftOut: 0 });

/** Adds one document: a numeric (finite) amount counts in the sum, anything else is left out. */
export function addToTally(t: Tally, data: { status?: unknown; amount?: unknown }, settledStatus: string): void {
  t.total++;
  const status = typeof data.status === 'string' ? data.status : '(none)';
  t.byStatus[status] = (t.byStatus[status] ?? 0) + 1;
  if (status !== settledStatus) return;
  if (typeof data.amount === 'number' && Number.isFinite(data.amount)) t.settledCents += Math.round(data.amount * 100);
  else t.leftOut++;
}

export interface Figures {
  total: number;
  settled: number;
  pending: number;
  other: number;
  amountCents: number;
  leftOut: number;
}

export function figuresOfSummary(s: Pick<DashboardSummary, 'deposits' | 'withdrawals'>): { deposits: Figures; withdrawals: Figures } {
  const d = s.deposits;
  const w = s.withdrawals;
  return {
    deposits: {
      total: d.total,
      settled: d.success,
      pending: d.pending,
      other: d.failed,
      amountCents: Math.round(d.successAmount * 100),
      leftOut: d.leftOut + d.notFinite
    },
    withdrawals: {
      total: w.total,
      settled: w.approved,
      pending: w.pending,
      other: w.rejected,
      amountCents: Math.round(w.approvedAmount * 100),
      leftOut: w.leftOut + w.notFinite
    }
  };
}

export function figuresOfTally(t: Tally, settled: string, other: string): Figures {
  return {
    total: t.total,
    settled: t.byStatus[settled] ?? 0,
    pending: t.byStatus.pending ?? 0,
    other: t.byStatus[other] ?? 0,
    amountCents: t.settledCents,
    leftOut: t.leftOut
  };
}

/**
 * Differences between two sets of figures ("deposits.settled 3 != 4"). Sums may differ by a few
 * cents: the emulator adds doubles, the tally adds cents.
 */
export function compareFigures(a: Record<string, Figures>, b: Record<string, Figures>, centsTolerance = 5): string[] {
  const out: string[] = [];
  for (const [name, fa] of Object.entries(a)) {
    const fb = b[name];
    if (!fb) {
      out.push(`${name} missing`);
      continue;
    }
    for (const key of Object.keys(fa) as (keyof Figures)[]) {
      const tolerance = key === 'amountCents' ? centsTolerance : 0;
      if (Math.abs(fa[key] - fb[key]) > tolerance) out.push(`${name}.${key} ${fa[key]} != ${fb[key]}`);
    }
  }
  return out;
}
