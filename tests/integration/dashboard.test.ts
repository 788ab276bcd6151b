import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/app/start';
import { DEMO_ADMIN } from '../../scripts/demo-accounts';
import { resetEmulators } from '../../scripts/emulators';
import { seedDemoData } from '../../scripts/seed';
import { demoEnv, emulatorHosts, freshDataDir } from './support';

// The dashboard's aggregation figures must equal a count done by hand over every document.
describe('dashboard figures', () => {
  let services: MainServices;
  let admin: App;

  beforeAll(async () => {
    await resetEmulators(emulatorHosts());
    await seedDemoData(emulatorHosts());
    services = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv() });
    await services.dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    process.env.METADATA_SERVER_DETECTION = 'none';
    admin = initializeApp({ projectId: emulatorHosts().projectId }, `dashboard-check-${Date.now()}`);
  });
  afterAll(async () => {
    await services?.dispose();
    if (admin) await deleteApp(admin);
  });

  it('equals a hand count of the seeded deposits and withdrawals', async () => {
    const db = getFirestore(admin);
    const [deposits, withdrawals] = await Promise.all([db.collection('deposits').get(), db.collection('withdrawals').get()]);
    const tally = (docs: FirebaseFirestore.QueryDocumentSnapshot[], status: string) => docs.filter((d) => d.get('status') === status);
    const cents = (docs: FirebaseFirestore.QueryDocumentSnapshot[]) =>
      docs.reduce((sum, d) => (typeof d.get('amount') === 'number' ? sum + Math.round(d.get('amount') * 100) : sum), 0) / 100;

    const result = await services.dispatch('dashboard.summary', {});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      deposits: {
        total: deposits.size,
        success: tally(deposits.docs, 'success').length,
        pending: tally(deposits.docs, 'pending').length,
        failed: tally(deposits.docs, 'failed').length,
        successAmount: cents(tally(deposits.docs, 'success'))
      },
      withdrawals: {
        total: withdrawals.size,
        approved: tally(withdrawals.docs, 'approved').length,
        pending: tally(withdrawals.docs, 'pending').length,
        rejected: tally(withdrawals.docs, 'rejected').length,
        approvedAmount: cents(tally(withdrawals.docs, 'approved'))
      }
    });
    expect(deposits.size).toBeGreaterThanOrEqual(200);
  });
});
