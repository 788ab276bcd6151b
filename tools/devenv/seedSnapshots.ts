import { closedDay, daysEndingWith, previousDay, storedSnapshot, type DailySnapshot } from '../../src/shared/domain/dailySnapshot';
import { Rng } from './rng';

/** Days of the money's trend the demo starts with. */
export const DEMO_SNAPSHOT_DAYS = 14;

/**
 * The demo's daily snapshots (docs/product-rules.md §10.7): the 14 days before the last finished one
 * (UTC, the demo platform's zone), so the dashboard's trend has a past and the first sign-in of the
 * day writes the last day itself. Same figures on every run: a walk from fixed amounts, in cents.
 */
export function demoSnapshots(anchorMs: number): { id: string; data: Record<string, unknown> }[] {
  const rng = new Rng(0x5eed0d);
  const days = daysEndingWith(previousDay(closedDay('UTC', new Date(anchorMs))), DEMO_SNAPSHOT_DAYS);
  // Near the demo's own figures, so the last day (taken from them at sign-in) continues the lines.
  let balances = 44_180_000;
  let pending = 3_240_000;
  let principal = 101_500_000;
  return days.map((day, i) => {
    const creditedDeposits = rng.int(400_000, 2_200_000);
    const approvedWithdrawals = rng.int(250_000, 1_500_000);
    const payouts = rng.chance(0.6) ? rng.int(100_000, 900_000) : 0;
    const bonuses = rng.chance(0.5) ? rng.int(5_000, 60_000) : 0;
    balances += creditedDeposits + payouts + bonuses - approvedWithdrawals - rng.int(0, 600_000);
    pending = Math.max(0, pending + rng.int(-300_000, 350_000));
    principal += rng.int(-400_000, 700_000) - payouts;
    const snapshot: DailySnapshot = {
      day,
      timeZone: 'UTC',
      owed: {
        balances: { cents: balances, leftOut: 0 },
        pendingWithdrawals: { cents: pending, leftOut: 0 },
        activePrincipal: { cents: principal, leftOut: i === DEMO_SNAPSHOT_DAYS - 3 ? 1 : 0 },
        dueThisWeek: { cents: rng.int(9_000_000, 14_000_000), leftOut: 0 }
      },
      flows: {
        creditedDeposits: { cents: creditedDeposits, leftOut: 0 },
        approvedWithdrawals: { cents: approvedWithdrawals, leftOut: 0 },
        payouts: { cents: payouts, leftOut: 0 },
        bonuses: { cents: bonuses, leftOut: 0 }
      },
      takenAt: new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 + 2 * 3_600_000).toISOString(),
      takenBy: 'server'
    };
    return { id: day, data: storedSnapshot(snapshot) };
  });
}
