// Issue 32: the dashboard's trend (dashboard.trend) reads one document per day shown, in one query,
// whatever the platform's size: 90 days of snapshots written with firebase-admin, then asked for
// through the app as the dashboard asks.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { closedDay, DAILY_SNAPSHOTS, daysEndingWith, storedSnapshot, TREND_DAYS, type DailySnapshot } from '../../src/shared/domain/dailySnapshot';
import type { EmulatorHosts } from '../devenv/emulators';
import type { BenchApp } from './app';
import { queryReads } from './billing';
import type { Target } from './targets';
import { timedRuns } from './timing';

export interface TrendResult {
  ms: number;
  runsMs: number[];
  /** Days the answer spans, and the snapshots it read (one query). */
  days: number;
  snapshots: number;
  reads: number;
}

const amount = (cents: number) => ({ cents, leftOut: 0 });

export async function measureTrend(hosts: EmulatorHosts, app: BenchApp, runs: number, log: (line: string) => void): Promise<TrendResult> {
  const admin = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-bench-trend-${process.pid}`);
  try {
    const db = getFirestore(admin);
    const days = daysEndingWith(closedDay('UTC', new Date()), TREND_DAYS);
    const batch = db.batch();
    days.forEach((day, i) => {
      const snapshot: DailySnapshot = {
        day,
        timeZone: 'UTC',
        owed: { balances: amount(1_000_000 + i), pendingWithdrawals: amount(i), activePrincipal: amount(2_000_000), dueThisWeek: amount(0) },
        flows: { creditedDeposits: amount(i * 100), approvedWithdrawals: amount(i * 50), payouts: amount(0), bonuses: amount(0) },
        takenAt: new Date().toISOString(),
        takenBy: 'server'
      };
      batch.set(db.collection(DAILY_SNAPSHOTS).doc(day), storedSnapshot(snapshot));
    });
    await batch.commit();
  } finally {
    await deleteApp(admin);
  }
  log(`trend: ${runs} x dashboard.trend { days: ${TREND_DAYS} }...`);
  const answered = await timedRuns(runs, () => app.call('dashboard.trend', { days: TREND_DAYS }));
  const snapshots = answered.value.snapshots.length;
  log(`trend: ${answered.runsMs.join(' / ')} ms, ${snapshots} snapshots over ${answered.value.days.length} days`);
  return { ms: answered.ms, runsMs: answered.runsMs, days: answered.value.days.length, snapshots, reads: queryReads(snapshots) };
}

/** One query, one document per day shown, 90 at most. */
export function trendTarget(t: TrendResult): Target {
  return {
    met: t.reads === t.days && t.days <= TREND_DAYS && t.snapshots === t.days,
    detail: `dashboard.trend: ${t.days} days shown, ${t.reads} reads in one query (limit: one per day shown, ${TREND_DAYS} days at most), ${Math.round(t.ms)} ms`
  };
}
