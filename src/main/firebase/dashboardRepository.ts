import {
  collection,
  count,
  getAggregateFromServer,
  query,
  sum,
  Timestamp,
  where,
  type Firestore,
  type QueryConstraint
} from 'firebase/firestore';
import type { DailyTotals, DashboardFigureName } from '../../shared/contract';
import type { DashboardRepository, FigureValue } from '../app/ports/dashboardRepository';
import { fromCents, toCents } from '../../shared/domain/money';
import { mapFirebaseErrors } from './errors';

/**
 * Dashboard figures come from aggregation queries only: opening the dashboard costs a handful of
 * reads whether the platform has a hundred records or a million. Each card's figure is asked for on
 * its own (so each fills as it answers); an aggregation two figures need at the same moment (the
 * settled count: its card and the amount's left-out count) runs once and answers both.
 */
export function dashboardRepository(db: Firestore): DashboardRepository {
  const inFlight = new Map<string, Promise<number>>();
  const once = (key: string, run: () => Promise<number>): Promise<number> => {
    let answer = inFlight.get(key);
    if (!answer) {
      answer = run().finally(() => inFlight.delete(key));
      inFlight.set(key, answer);
    }
    return answer;
  };
  const countWhere = async (name: string, ...filters: QueryConstraint[]): Promise<number> => {
    const snapshot = await getAggregateFromServer(query(collection(db, name), ...filters), { n: count() });
    return snapshot.data().n;
  };
  const sumWhere = async (name: string, ...filters: QueryConstraint[]): Promise<number> => {
    const snapshot = await getAggregateFromServer(query(collection(db, name), ...filters), { total: sum('amount') });
    return fromCents(toCents(snapshot.data().total ?? 0));
  };
  const countAll = (name: string) => once(`${name}|count`, () => countWhere(name));
  const countStatus = (name: string, status: string) => once(`${name}|count|${status}`, () => countWhere(name, where('status', '==', status)));
  /**
   * sum() skips amounts that are not numbers (a string "1,250.00", null, a missing field). A range
   * over numbers counts the numeric ones, so the difference says how many the sum left out.
   */
  const settledAmount = async (name: string, status: string): Promise<FigureValue> => {
    const byStatus = where('status', '==', status);
    const [n, total, numeric] = await Promise.all([
      countStatus(name, status),
      once(`${name}|sum|${status}`, () => sumWhere(name, byStatus)),
      once(`${name}|numeric|${status}`, () => countWhere(name, byStatus, where('amount', '>=', Number.NEGATIVE_INFINITY)))
    ]);
    return { value: total, leftOut: Math.max(0, n - numeric) };
  };
  const counted = (n: Promise<number>): Promise<FigureValue> => n.then((value) => ({ value, leftOut: null }));

  const figures: Record<DashboardFigureName, () => Promise<FigureValue>> = {
    'withdrawals.total': () => counted(countAll('withdrawals')),
    'withdrawals.approved': () => counted(countStatus('withdrawals', 'approved')),
    'withdrawals.pending': () => counted(countStatus('withdrawals', 'pending')),
    'withdrawals.rejected': () => counted(countStatus('withdrawals', 'rejected')),
    'withdrawals.approvedAmount': () => settledAmount('withdrawals', 'approved'),
    'deposits.total': () => counted(countAll('deposits')),
    'deposits.success': () => counted(countStatus('deposits', 'success')),
    'deposits.pending': () => counted(countStatus('deposits', 'pending')),
    'deposits.failed': () => counted(countStatus('deposits', 'failed')),
    'deposits.successAmount': () => settledAmount('deposits', 'success'),
    // The KYC queue's length (users.verificationCounts counts the same, for the users page's chips).
    'kyc.pending': () => counted(once('users|kyc|pending', () => countWhere('users', where('kyc.status', '==', 'pending'))))
  };

  return {
    /** One card's figure: a count, or an amount with the records its sum left out. */
    figure: (name: DashboardFigureName): Promise<FigureValue> => mapFirebaseErrors(() => figures[name]()),

    /**
     * Deposited (successful deposits by `timestamp`) and withdrawn (approved withdrawals by
     * `createdAt`) per local calendar day, oldest first: two sums per day, all in parallel.
     */
    daily: (days: number, now = new Date()): Promise<DailyTotals> =>
      mapFirebaseErrors(async () => {
        const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
        const starts = Array.from({ length: days }, (_, i) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1 - i)));
        const between = (field: string, start: Date) => [
          where(field, '>=', Timestamp.fromDate(start)),
          // The next local midnight, not start + 24 h: days are 23 or 25 hours around DST changes.
          where(field, '<', Timestamp.fromDate(new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1)))
        ];
        const totals = await Promise.all(
          starts.map((start) =>
            Promise.all([
              sumWhere('deposits', where('status', '==', 'success'), ...between('timestamp', start)),
              sumWhere('withdrawals', where('status', '==', 'approved'), ...between('createdAt', start))
            ])
          )
        );
        const iso = (d: Date) =>
          `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        return {
          days: starts.map((start, i) => ({ date: iso(start), deposited: totals[i]![0], withdrawn: totals[i]![1] })),
          asOf: now.toISOString()
        };
      })
  };
}
