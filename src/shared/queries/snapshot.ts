import { dayStart, DUE_WITHIN_MS, nextDay, type DailySnapshot, type OwedName, type SnapshotAmount } from '../domain/dailySnapshot';
import { flowField, flowNames, type FlowName } from '../domain/flows';
import { where, type AggregationRunner, type DescribedQuery } from './aggregate';
import { owedFigures, type OwedAmount } from './owed';

/**
 * A day's snapshot figures (src/shared/domain/dailySnapshot.ts), asked through either process's
 * runner: the desktop's client SDK or the platform's functions (firebase-admin). The owed figures are
 * the dashboard's own queries (owed.ts); each flow is one sum over the audit entries of the day.
 */

/** The audit entries committed in [start, end): their `at` is the commit's server time. */
export const auditEntriesBetween = (start: Date, end: Date): DescribedQuery => ({
  collection: 'auditLog',
  where: [where('at', '>=', start), where('at', '<', end)]
});

const amount = ({ cents, leftOut, notFinite }: OwedAmount): SnapshotAmount => ({ cents, leftOut: leftOut + notFinite });

/** What the platform owes at `now`: balances, undecided withdrawals, active principal, and what matures within 7 days. */
export async function owedAt(run: AggregationRunner, now: Date): Promise<Record<OwedName, SnapshotAmount>> {
  const owed = owedFigures(run);
  const [balances, pending, investments, compound, due] = await Promise.all([
    owed.balances(),
    owed.undecidedWithdrawals(),
    owed.activePrincipal('investments'),
    owed.activePrincipal('compoundInvest'),
    owed.dueOwed(now.getTime() + DUE_WITHIN_MS)
  ]);
  return {
    balances: amount(balances),
    pendingWithdrawals: amount(pending),
    activePrincipal: {
      cents: investments.cents + compound.cents,
      leftOut: investments.leftOut + investments.notFinite + compound.leftOut + compound.notFinite
    },
    dueThisWeek: { cents: due.cents, leftOut: due.leftOut }
  };
}

/**
 * The money each kind of decision moved in [start, end): one sum per flow over that span's audit
 * entries. Ledgerdesk writes flows in whole cents, so nothing is left out; entries written before
 * flows existed carry none and add nothing.
 */
export async function flowsBetween(run: AggregationRunner, start: Date, end: Date): Promise<Record<FlowName, SnapshotAmount>> {
  const sums = await Promise.all(flowNames.map((name) => run.sum(auditEntriesBetween(start, end), flowField(name))));
  return Object.fromEntries(flowNames.map((name, i) => [name, { cents: Math.round(sums[i]!), leftOut: 0 }])) as Record<FlowName, SnapshotAmount>;
}

/** The snapshot of `day` (its flows over the day in `timeZone`), its owed figures asked at `now`. */
export async function snapshotFigures(
  run: AggregationRunner,
  day: string,
  timeZone: string,
  now: Date,
  takenBy: DailySnapshot['takenBy']
): Promise<DailySnapshot> {
  const [owed, flows] = await Promise.all([owedAt(run, now), flowsBetween(run, dayStart(timeZone, day), dayStart(timeZone, nextDay(day)))]);
  return { day, timeZone, owed, flows, takenAt: now.toISOString(), takenBy };
}
