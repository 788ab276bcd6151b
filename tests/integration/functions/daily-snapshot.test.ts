import functionsTest from 'firebase-functions-test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedDay, dayStart, nextDay } from '../../../src/shared/domain/dailySnapshot';
import { resetEmulators } from '../../../tools/devenv/emulators';
import { emulatorHosts } from '../../support/integration/emulatorHosts';

// The nightly side of the daily snapshot (server/platform/dailySnapshot.ts, functions/src/dailySnapshot.ts),
// run by firebase-functions-test against this run's Firestore emulator: the schedule delivered twice
// writes one snapshot, of the platform's last finished day in its own zone.
describe('the daily snapshot’s schedule', () => {
  let fft: ReturnType<typeof functionsTest>;
  let functions: typeof import('../../../functions/src/index');
  let admin: App;
  let db: Firestore;
  const zone = 'Asia/Kolkata';
  const day = closedDay(zone, new Date());
  const deliver = () => functions.dailySnapshotHourly.run({ scheduleTime: new Date().toISOString(), jobName: 'dailySnapshot' } as never);

  beforeAll(async () => {
    await resetEmulators(emulatorHosts());
    process.env.METADATA_SERVER_DETECTION = 'none';
    admin = initializeApp({ projectId: emulatorHosts().projectId }, `snapshot-fn-${Date.now()}`);
    db = getFirestore(admin);
    await db.doc('settings/ledgerdesk').set({ timeZone: zone });
    await db.doc('users/u1').set({ email: 'u1@example.com', balance: 120.5 });
    await db.doc('users/u2').set({ email: 'u2@example.com', balance: '80' });
    await db.doc('withdrawals/w1').set({ userId: 'u1', amount: 40, status: 'pending' });
    await db.doc('investments/i1').set({ userId: 'u1', amount: 1000, roi: 10, duration: 3, status: 'active', createdAt: Timestamp.now() });
    // The day's decisions in Kolkata: 00:01 and 23:59 there are in it; a minute before its start is not.
    const start = dayStart(zone, day).getTime();
    const end = dayStart(zone, nextDay(day)).getTime();
    const entry = (id: string, atMs: number, flows: Record<string, number>) => db.doc(`auditLog/${id}`).set({ at: Timestamp.fromMillis(atMs), flows });
    await entry('first', start + 60_000, { creditedDeposits: 10_000, bonuses: 500 });
    await entry('last', end - 60_000, { approvedWithdrawals: 2_500, payouts: 11_000 });
    await entry('before', start - 60_000, { creditedDeposits: 7 });
    fft = functionsTest({ projectId: emulatorHosts().projectId });
    functions = await import('../../../functions/src/index');
  });
  afterAll(async () => {
    fft?.cleanup();
    if (admin) await deleteApp(admin);
  });

  it('delivered twice, writes one snapshot of the platform’s last finished day', async () => {
    await deliver();
    const first = await db.doc(`dailySnapshots/${day}`).get();
    expect(first.exists).toBe(true);
    expect(first.data()).toMatchObject({
      timeZone: zone,
      takenBy: 'server',
      owed: {
        balances: { cents: 12_050, leftOut: 1 },
        pendingWithdrawals: { cents: 4_000, leftOut: 0 },
        activePrincipal: { cents: 100_000, leftOut: 0 },
        // Matures in 3 days, within the week: principal and its 10%.
        dueThisWeek: { cents: 110_000, leftOut: 0 }
      },
      flows: {
        creditedDeposits: { cents: 10_000, leftOut: 0 },
        approvedWithdrawals: { cents: 2_500, leftOut: 0 },
        payouts: { cents: 11_000, leftOut: 0 },
        bonuses: { cents: 500, leftOut: 0 }
      }
    });
    await deliver();
    const second = await db.doc(`dailySnapshots/${day}`).get();
    expect(second.updateTime?.isEqual(first.updateTime!)).toBe(true);
    expect((await db.collection('dailySnapshots').get()).size).toBe(1);
  });

  it('keeps a snapshot a desktop wrote first', async () => {
    await db.doc(`dailySnapshots/${day}`).delete();
    await db.doc(`dailySnapshots/${day}`).set({ takenBy: 'desktop', takenAt: 'earlier' });
    await deliver();
    expect((await db.doc(`dailySnapshots/${day}`).get()).data()).toEqual({ takenBy: 'desktop', takenAt: 'earlier' });
  });
});
