import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import type { DashboardFigure, Trend } from '../../src/shared/contract';
import { closedDay, dayStart } from '../../src/shared/domain/dailySnapshot';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../tools/devenv/emulators';
import { seedDemoData } from '../../tools/devenv/seed';
import { DEMO_SNAPSHOT_DAYS } from '../../tools/devenv/seedSnapshots';
import { demoEnv, emulatorHosts, eventually, freshDataDir } from '../support/integration/emulatorHosts';

// The desktop's side of the daily snapshot (docs/product-rules.md §10.7): where no nightly function
// wrote it, the first sign-in of a day writes the last finished day's snapshot, audited; a second
// copy of Ledgerdesk signing in that day finds it and writes nothing.
describe('daily snapshot from the desktop', () => {
  const services: MainServices[] = [];
  let admin: App;
  const day = closedDay('UTC', new Date());

  const open = async () => {
    const copy = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv({ LEDGERDESK_DAILY_SNAPSHOT: 'on' }) });
    services.push(copy);
    const signedIn = await copy.dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    if (!signedIn.ok) throw new Error(signedIn.error.message);
    return copy;
  };

  beforeAll(async () => {
    await resetEmulators(emulatorHosts());
    await seedDemoData(emulatorHosts());
    process.env.METADATA_SERVER_DETECTION = 'none';
    admin = initializeApp({ projectId: emulatorHosts().projectId }, `snapshot-check-${Date.now()}`);
    // Yesterday's decisions, as their audit entries carry them (the flows), and one of today's, which is not yesterday's.
    const db = getFirestore(admin);
    const start = dayStart('UTC', day).getTime();
    const entry = (id: string, atMs: number, flows: Record<string, number>) =>
      db.doc(`auditLog/${id}`).set({ kind: 'deposit', action: 'status', at: Timestamp.fromMillis(atMs), adminUid: 'someone', flows });
    await Promise.all([
      entry('flow-a', start + 60_000, { creditedDeposits: 12_345, bonuses: 617 }),
      entry('flow-b', start + 23 * 3_600_000, { approvedWithdrawals: 25_010 }),
      entry('flow-c', start + 12 * 3_600_000, { payouts: 112_000 }),
      entry('flow-today', start + 86_400_000 + 60_000, { creditedDeposits: 999_999 })
    ]);
  });
  afterAll(async () => {
    for (const copy of services) await copy.dispose();
    if (admin) await deleteApp(admin);
  });

  it('the first sign-in of the day writes the last finished day, with its flows and the dashboard’s owed figures, audited', async () => {
    const db = getFirestore(admin);
    const desk = await open();
    const written = await eventually(
      () => db.doc(`dailySnapshots/${day}`).get(),
      (d) => d.exists,
      `dailySnapshots/${day}`
    );
    expect(written.get('flows')).toEqual({
      creditedDeposits: { cents: 12_345, leftOut: 0 },
      approvedWithdrawals: { cents: 25_010, leftOut: 0 },
      payouts: { cents: 112_000, leftOut: 0 },
      bonuses: { cents: 617, leftOut: 0 }
    });
    const balances = await desk.dispatch('dashboard.figure', { figure: 'users.balanceTotal' });
    const pending = await desk.dispatch('dashboard.figure', { figure: 'withdrawals.pendingAmount' });
    if (!balances.ok || !pending.ok) throw new Error('dashboard figures failed');
    expect(written.get('owed.balances.cents')).toBe(Math.round((balances.value as DashboardFigure).value * 100));
    expect(written.get('owed.pendingWithdrawals.cents')).toBe(Math.round((pending.value as DashboardFigure).value * 100));
    expect(written.get('takenBy')).toBe('desktop');
    const audit = await db.collection('auditLog').where('action', '==', 'dailySnapshot').get();
    expect(audit.size).toBe(1);
    expect(audit.docs[0]!.get('paths')).toEqual([`dailySnapshots/${day}`]);
    expect(written.get('lastAuditId')).toBe(audit.docs[0]!.id);

    // The dashboard's trend: the seeded days and this one, one document each.
    const trend = await desk.dispatch('dashboard.trend', { days: 90 });
    if (!trend.ok) throw new Error(trend.error.message);
    const shown = trend.value as Trend;
    expect(shown.snapshots).toHaveLength(DEMO_SNAPSHOT_DAYS + 1);
    expect(shown.snapshots.at(-1)?.day).toBe(day);
    expect(shown.days).toHaveLength(DEMO_SNAPSHOT_DAYS + 1);
  });

  it('a second copy of Ledgerdesk signing in that day writes nothing', async () => {
    const db = getFirestore(admin);
    const before = await db.doc(`dailySnapshots/${day}`).get();
    await open();
    // The second copy's check is one read; give it time to have written, had it been going to.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await db.doc(`dailySnapshots/${day}`).get();
    expect(after.get('takenAt')).toBe(before.get('takenAt'));
    expect(after.updateTime?.isEqual(before.updateTime!)).toBe(true);
    expect((await db.collection('auditLog').where('action', '==', 'dailySnapshot').get()).size).toBe(1);
  });
});
