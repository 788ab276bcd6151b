import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApprovalPolicy, readApprovalPolicy, withdrawalNeed } from '../../src/shared/domain/approvals';
import { toCents } from '../../src/shared/domain/money';
import { DEMO_ADMIN, DEMO_APPROVER, DEMO_CUSTOMER, DEMO_VIEWER } from '../../tools/devenv/demo-accounts';
import { demoPolicyLine } from '../../tools/devenv/demo-policy';
import { resetEmulators, type EmulatorHosts } from '../../tools/devenv/emulators';
import { seedDemoData, type SeedSummary } from '../../tools/devenv/seed';
import { emulatorHosts } from '../support/integration/emulatorHosts';

let hosts: EmulatorHosts;
// One anchor for both seed runs, so the determinism check cannot straddle an hour boundary.
const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);

const STATUSES: Record<string, string[]> = {
  deposits: ['failed', 'pending', 'success'],
  withdrawals: ['approved', 'pending', 'rejected'],
  investments: ['active', 'cancelled', 'completed'],
  compoundInvest: ['active', 'completed', 'pending']
};

let admin: App;
let db: Firestore;
let summary: SeedSummary;

const readAll = async (collection: string) => Object.fromEntries((await db.collection(collection).get()).docs.map((d) => [d.id, d.data()]));

beforeAll(async () => {
  hosts = emulatorHosts();
  await resetEmulators(hosts);
  summary = await seedDemoData(hosts, { now });
  admin = initializeApp({ projectId: hosts.projectId }, `seed-test-${process.pid}`);
  db = getFirestore(admin);
});

afterAll(async () => {
  await deleteApp(admin);
});

describe('demo seed', () => {
  it('writes the documented number of documents', async () => {
    const expected = { users: 61, deposits: 200, withdrawals: 150, investments: 120, compoundInvest: 30, investmentPlans: 5, settings: 3, referrals: 40 };
    expect(summary).toMatchObject(expected);
    for (const [collection, count] of Object.entries(expected)) {
      expect((await db.collection(collection).count().get()).data().count, collection).toBe(count);
    }
  });

  it('represents every status of every collection', async () => {
    for (const [collection, statuses] of Object.entries(STATUSES)) {
      const seen = new Set((await db.collection(collection).select('status').get()).docs.map((d) => d.get('status')));
      expect([...seen].sort(), collection).toEqual(statuses);
    }
    const kyc = (await db.collection('users').get()).docs.map((d) => d.get('kyc')).filter(Boolean);
    expect(new Set(kyc.map((k) => k.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
    expect(kyc.some((k) => k.idBackURL === '')).toBe(true);
  });

  it('leaves exactly two deposits with a non-numeric amount', async () => {
    const strings = (await db.collection('deposits').get()).docs.filter((d) => typeof d.get('amount') !== 'number');
    expect(strings.map((d) => d.id).sort()).toEqual([...summary.dirtyDepositIds].sort());
    expect(strings).toHaveLength(2);
  });

  it('gives only the administrator the admin claim, the approver and the viewer their roles, and each member a team document', async () => {
    const auth = getAuth(admin);
    expect((await auth.getUser(DEMO_ADMIN.uid)).customClaims).toEqual({ admin: true });
    expect((await auth.getUser(DEMO_APPROVER.uid)).customClaims).toEqual({ role: 'admin' });
    expect((await auth.getUser(DEMO_VIEWER.uid)).customClaims).toEqual({ role: 'viewer' });
    expect((await auth.getUser(DEMO_CUSTOMER.uid)).customClaims ?? {}).toEqual({});
    const team = Object.fromEntries((await db.collection('team').get()).docs.map((d) => [d.id, [d.get('email'), d.get('role')]]));
    expect(team).toEqual({
      [DEMO_ADMIN.uid]: [DEMO_ADMIN.email, 'owner'],
      [DEMO_APPROVER.uid]: [DEMO_APPROVER.email, 'admin'],
      [DEMO_VIEWER.uid]: [DEMO_VIEWER.email, 'viewer']
    });
  });

  it("ships the demo's policy: approving a pending withdrawal of $1,000.00 or more needs the second administrator, nothing else does", async () => {
    const stored = (await db.doc('settings/ledgerdesk').get()).data();
    expect(stored?.mailDelivery).toBe('server');
    const policy = readApprovalPolicy(stored?.approvals);
    expect(policy).toEqual({ ...defaultApprovalPolicy, withdrawalAtLeast: 1000 });
    expect(demoPolicyLine()).toBe(`Approval policy: withdrawals of $1,000.00 or more need a second administrator (${DEMO_APPROVER.email})`);

    // The queue holds both: withdrawals one administrator approves alone, and ones that wait for another.
    const pending = (await db.collection('withdrawals').where('status', '==', 'pending').get()).docs;
    const needOf = (d: (typeof pending)[number]) => withdrawalNeed(policy, { id: d.id, amount: d.get('amount'), cents: toCents(d.get('amount')) }, 'approved');
    const covered = pending.filter((d) => needOf(d) !== null).map((d) => d.id);
    const large = pending.filter((d) => d.get('amount') >= 1000).map((d) => d.id);
    expect(covered.sort()).toEqual(large.sort());
    expect(covered.length).toBeGreaterThan(0);
    expect(covered.length).toBeLessThan(pending.length);
    expect(needOf(pending.find((d) => d.id === covered[0])!)?.why).toBe("Withdrawals of $1,000.00 or more need a second administrator's approval.");
  });

  it('produces identical documents on a second run', async () => {
    const before = { users: await readAll('users'), deposits: await readAll('deposits'), settings: await readAll('settings') };
    await resetEmulators(hosts);
    await seedDemoData(hosts, { now });
    const after = { users: await readAll('users'), deposits: await readAll('deposits'), settings: await readAll('settings') };
    expect(Object.keys(after.deposits)).toHaveLength(200);
    expect(after).toEqual(before);
  });
});
