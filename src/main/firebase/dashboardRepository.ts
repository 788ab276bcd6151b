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
import type { DailyTotals, DashboardSummary } from '../../shared/contract';
import { fromCents, toCents } from '../../shared/domain/money';
import { mapFirebaseErrors } from './errors';


/**
 * Dashboard figures come from aggregation queries only: opening the dashboard costs a handful of
 * reads whether the platform has a hundred records or a million.
 */
export function dashboardRepository(db: Firestore) {
  const countWhere = async (name: string, ...filters: QueryConstraint[]): Promise<number> => {
    const snapshot = await getAggregateFromServer(query(collection(db, name), ...filters), { n: count() });
    return snapshot.data().n;
  };
  const sumWhere = async (name: string, ...filters: QueryConstraint[]): Promise<number> => {
    const snapshot = await getAggregateFromServer(query(collection(db, name), ...filters), { total: sum('amount') });
    return fromCents(toCents(snapshot.data().total ?? 0));
  };
  /**
   * sum() skips amounts that are not numbers (a string "1,250.00", null, a missing field). A range
   * over numbers counts the numeric ones, so the difference says how many the sum left out.
   */
  const settled = async (name: string, status: string): Promise<[number, number, number]> => {
    const byStatus = where('status', '==', status);
    const [n, total, numeric] = await Promise.all([
      countWhere(name, byStatus),
      sumWhere(name, byStatus),
      countWhere(name, byStatus, where('amount', '>=', Number.NEGATIVE_INFINITY))
    ]);
    return [n, total, Math.max(0, n - numeric)];
  };

  return {
    summary: (): Promise<DashboardSummary> =>
      mapFirebaseErrors(async () => {
        const [wTotal, [wApproved, wAmount, wLeftOut], wPending, wRejected, dTotal, [dSuccess, dAmount, dLeftOut], dPending, dFailed] =
          await Promise.all([
            countWhere('withdrawals'),
            settled('withdrawals', 'approved'),
            countWhere('withdrawals', where('status', '==', 'pending')),
            countWhere('withdrawals', where('status', '==', 'rejected')),
            countWhere('deposits'),
            settled('deposits', 'success'),
            countWhere('deposits', where('status', '==', 'pending')),
            countWhere('deposits', where('status', '==', 'failed'))
          ]);
        return {
          withdrawals: {
            total: wTotal,
            approved: wApproved,
            pending: wPending,
            rejected: wRejected,
            approvedAmount: wAmount,
            leftOut: wLeftOut
          },
          deposits: {
            total: dTotal,
            success: dSuccess,
            pending: dPending,
            failed: dFailed,
            successAmount: dAmount,
            leftOut: dLeftOut
          },
          asOf: new Date().toISOString()
        };
      }),

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

export type DashboardRepository = ReturnType<typeof dashboardRepository>;
