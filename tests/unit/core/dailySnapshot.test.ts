import { describe, expect, it } from 'vitest';
import { DailySnapshotTaker, trendOf } from '@core/dailySnapshot';
import type { DailySnapshots } from '@core/ports/dailySnapshots';
import type { LedgerStore } from '@core/ports/ledgerStore';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import type { DailySnapshot } from '@shared/domain/dailySnapshot';
import { AppError } from '@shared/result';

// The desktop's side of the daily snapshot: asked once a day per process, written once per day
// whoever wins a race, never in the way of signing in; and the trend's days, gaps included.

const ADMIN = { uid: 'admin', email: 'admin@example.com' };
const amount = { cents: 0, leftOut: 0 };
const snapshot = (day: string, timeZone = 'UTC'): DailySnapshot => ({
  day,
  timeZone,
  owed: { balances: amount, pendingWithdrawals: amount, activePrincipal: amount, dueThisWeek: amount },
  flows: { creditedDeposits: amount, approvedWithdrawals: amount, payouts: amount, bonuses: amount },
  takenAt: `${day}T23:00:00.000Z`,
  takenBy: 'server'
});

function desk(stored: Set<string>, now: () => Date, over: Partial<LedgerStore> = {}) {
  const written: string[] = [];
  const snapshots: DailySnapshots = {
    since: async () => [],
    has: async (day) => stored.has(day),
    figures: async (day) => snapshot(day)
  };
  const store = {
    transact: async ({ decide }: Parameters<LedgerStore['transact']>[0]) => {
      const decided = await decide({ get: async (path: string) => (stored.has(path.split('/')[1]!) ? { id: path, data: {} } : null) } as never);
      if (!decided.ok) throw new AppError(decided.error.code, decided.error.message);
      for (const change of decided.value.changes) {
        stored.add(change.path.split('/')[1]!);
        written.push(change.path);
      }
      return { answer: undefined, changeset: decided.value };
    },
    ...over
  } as unknown as LedgerStore;
  const logged: string[] = [];
  const taker = new DailySnapshotTaker({
    snapshots,
    store,
    settings: { platformSettings: async () => defaultPlatformSettings },
    now,
    log: (m) => logged.push(m)
  });
  return { taker, written, logged };
}

describe('the desktop’s daily snapshot', () => {
  it('the first sign-in of a day writes the last finished day; later sign-ins that day ask nothing', async () => {
    const stored = new Set<string>();
    const { taker, written } = desk(stored, () => new Date('2026-11-28T08:00:00Z'));
    expect(await taker.afterSignIn(ADMIN)).toEqual({ day: '2026-11-27', written: true });
    expect(await taker.afterSignIn(ADMIN)).toBeNull();
    expect(written).toEqual(['dailySnapshots/2026-11-27']);
  });

  it('a day the nightly function or another desktop already took is kept', async () => {
    const { taker, written } = desk(new Set(['2026-11-27']), () => new Date('2026-11-28T08:00:00Z'));
    expect(await taker.afterSignIn(ADMIN)).toEqual({ day: '2026-11-27', written: false });
    expect(written).toEqual([]);
  });

  it('a writer that got there between the check and the commit wins; this one writes nothing', async () => {
    const stored = new Set<string>();
    const { taker, written } = desk(stored, () => new Date('2026-11-28T08:00:00Z'));
    const figures = taker['deps'].snapshots.figures;
    taker['deps'].snapshots.figures = async (...args) => (stored.add('2026-11-27'), figures(...args));
    expect(await taker.afterSignIn(ADMIN)).toEqual({ day: '2026-11-27', written: false });
    expect(written).toEqual([]);
  });

  it('a failure is logged, never thrown at the sign-in, and the next sign-in tries again', async () => {
    let fail = true;
    const stored = new Set<string>();
    const { taker, logged } = desk(stored, () => new Date('2026-11-28T08:00:00Z'), {
      transact: async () => {
        if (fail) throw new AppError('UNAVAILABLE', 'offline');
        return { answer: undefined as never, changeset: null };
      }
    });
    expect(await taker.afterSignIn(ADMIN)).toBeNull();
    expect(logged).toHaveLength(1);
    fail = false;
    expect(await taker.afterSignIn(ADMIN)).toEqual({ day: '2026-11-27', written: true });
  });
});

describe('the trend’s days', () => {
  const now = new Date('2026-11-28T08:00:00Z');
  it('a new platform shows its one day; none shows none', async () => {
    expect(await trendOf({ since: async () => [snapshot('2026-11-27')] }, 90, now)).toMatchObject({ days: ['2026-11-27'] });
    expect(await trendOf({ since: async () => [] }, 90, now)).toEqual({ days: [], snapshots: [] });
  });

  it('days without a snapshot are gaps up to the last finished day, and older ones than the window are left out', async () => {
    const trend = await trendOf({ since: async () => [snapshot('2026-11-20'), snapshot('2026-11-23'), snapshot('2026-11-24')] }, 6, now);
    expect(trend.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(trend.snapshots.map((s) => s.day)).toEqual(['2026-11-23', '2026-11-24']);
  });
});
