import {
  collection,
  count,
  getAggregateFromServer,
  query,
  sum,
  where,
  type Firestore
} from 'firebase/firestore';
import type { DashboardSummary } from '../../shared/contract';
import { mapFirebaseErrors } from './errors';

/**
 * Dashboard figures come from aggregation queries only: opening the dashboard costs a handful of
 * reads whether the platform has a hundred records or a million.
 */
export function dashboardRepository(db: Firestore) {
  const countWhere = async (name: string, status?: string): Promise<number> => {
    const ref = collection(db, name);
    const snapshot = await getAggregateFromServer(status ? query(ref, where('status', '==', status)) : ref, {
      n: count()
    });
    return snapshot.data().n;
  };
  const countAndSum = async (name: string, status: string): Promise<[number, number]> => {
    const snapshot = await getAggregateFromServer(query(collection(db, name), where('status', '==', status)), {
      n: count(),
      total: sum('amount')
    });
    const { n, total } = snapshot.data();
    return [n, Math.round((total ?? 0) * 100) / 100];
  };

  return {
    summary: (): Promise<DashboardSummary> =>
      mapFirebaseErrors(async () => {
        const [wTotal, [wApproved, wAmount], wPending, wRejected, dTotal, [dSuccess, dAmount], dPending, dFailed] =
          await Promise.all([
            countWhere('withdrawals'),
            countAndSum('withdrawals', 'approved'),
            countWhere('withdrawals', 'pending'),
            countWhere('withdrawals', 'rejected'),
            countWhere('deposits'),
            countAndSum('deposits', 'success'),
            countWhere('deposits', 'pending'),
            countWhere('deposits', 'failed')
          ]);
        return {
          withdrawals: {
            total: wTotal,
            approved: wApproved,
            pending: wPending,
            rejected: wRejected,
            approvedAmount: wAmount
          },
          deposits: { total: dTotal, success: dSuccess, pending: dPending, failed: dFailed, successAmount: dAmount },
          asOf: new Date().toISOString()
        };
      })
  };
}
