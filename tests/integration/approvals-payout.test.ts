import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { PAYOUT_OVERRIDE_WHY } from '../../src/shared/domain/approvalPayouts';
import { DEMO_ADMIN, DEMO_APPROVER } from '../../tools/devenv/demo-accounts';
import { demoEnv, freshDataDir } from '../support/integration/emulatorHosts';
import { at, NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

const DAY = 86_400_000;
const daysAgo = (days: number) => at(new Date(Date.now() - days * DAY).toISOString());
const REASON = 'Paid despite the suspension: the chargeback was settled in her favour.';

// Dual control of a payout made with an override (docs/product-rules.md §15.6), end to end under
// firestore.rules: the demo's owner pays out the investment of a suspended customer with an override
// reason, which asks; the demo's second administrator approves, which pays it once.
describe('payouts with an override under the approval policy, against the emulators', () => {
  const platform = usePlatform({ apps: 1, env: NO_BACKEND });
  const maker = () => typed(platform.app);
  let approverApp: MainServices | null = null;
  const approver = () => typed(approverApp as MainServices);
  const field = async (path: string, name: string) => (await platform.db.doc(path).get()).get(name);

  beforeEach(async () => {
    const batch = platform.db.batch();
    batch.set(platform.db.doc('settings/ledgerdesk'), { requireTxid: false, paysMaturedInvestments: true, approvals: { payoutOverride: true } });
    batch.set(platform.db.doc('investmentPlans/gold'), { name: 'Gold', min: 100, max: 5000, roi: 12, duration: 30 });
    // Uma is suspended, so paying her needs an override; Ned is not.
    batch.set(platform.db.doc('users/uma'), {
      fullname: 'Uma Payee',
      email: 'uma@example.com',
      balance: 50.5,
      totalearnings: 10,
      suspended: true,
      suspension: { reason: 'Chargeback under review', at: daysAgo(2), adminEmail: DEMO_ADMIN.email },
      timestamp: daysAgo(100)
    });
    batch.set(platform.db.doc('users/ned'), { fullname: 'Ned Clean', email: 'ned@example.com', balance: 0, totalearnings: 0, timestamp: daysAgo(100) });
    const investment = (id: string, userId: string) =>
      batch.set(platform.db.doc(`investments/${id}`), {
        userId,
        email: `${userId}@example.com`,
        plan: 'Gold',
        roi: 12,
        duration: 30,
        amount: 1000,
        status: 'active',
        createdAt: daysAgo(31)
      });
    investment('uma-gold', 'uma');
    investment('ned-gold', 'ned');
    await batch.commit();
    approverApp = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv(NO_BACKEND) });
    const signedIn = await approverApp.dispatch('session.signIn', { email: DEMO_APPROVER.email, password: DEMO_APPROVER.password, rememberMe: false });
    if (!signedIn.ok) throw new Error(signedIn.error.message);
  });
  afterEach(async () => {
    await approverApp?.dispose();
    approverApp = null;
  });

  it('asks instead of paying; the other administrator approves and it is paid once, with its override reason', async () => {
    const preview = await maker()('investments.payoutPreview', { id: 'uma-gold', overrideReason: REASON });
    expect(preview).toMatchObject({ ok: true, value: { allowed: true, needsApproval: PAYOUT_OVERRIDE_WHY } });
    if (!preview.ok) return;
    const asked = await maker()('investments.payout', { id: 'uma-gold', operationId: randomUUID(), overrideReason: REASON, version: preview.value.version });
    expect(asked).toMatchObject({ ok: true, value: { status: 'awaiting approval', emailsQueued: 0 } });
    const id = asked.ok ? asked.value.approvalRequestId! : '';
    expect(id).toBeTruthy();
    // Nothing paid: the investment is active and names the request, Uma's figures are as they were, no e-mail.
    expect(await field('investments/uma-gold', 'status')).toBe('active');
    expect(await field('investments/uma-gold', 'approvalRequestId')).toBe(id);
    expect(await field('users/uma', 'balance')).toBe(50.5);
    expect((await platform.db.collection('mailOutbox').get()).size).toBe(0);
    expect((await platform.db.doc(`approvalRequests/${id}`).get()).data()).toMatchObject({
      kind: 'payout',
      target: 'investments/uma-gold',
      change: { status: 'completed', amount: 1000 },
      method: 'investments.payout',
      state: 'requires_review'
    });
    // The Due list shows the row awaiting approval.
    const due = await maker()('investments.due', {});
    expect(due.ok && due.value.rows.find((row) => row.id === 'uma-gold')?.approvalRequestId).toBe(id);
    // Asked again while it waits: refused, one request per investment.
    const again = await maker()('investments.payout', { id: 'uma-gold', operationId: randomUUID(), overrideReason: REASON });
    expect(again).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('already awaits approval') } });

    const operationId = randomUUID();
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId })).toMatchObject({ ok: true, value: { state: 'succeeded' } });
    expect(await field('investments/uma-gold', 'status')).toBe('completed');
    expect(await field('users/uma', 'balance')).toBe(1170.5);
    expect(await field('users/uma', 'totalearnings')).toBe(130);
    expect(await field(`approvalRequests/${id}`, 'state')).toBe('succeeded');
    expect((await platform.db.collection('mailOutbox').get()).size).toBe(1);
    expect((await platform.db.doc(`auditLog/${operationId}`).get()).data()).toMatchObject({
      action: 'investment.payout',
      adminEmail: DEMO_APPROVER.email,
      overrideReason: REASON,
      approvalRequestId: id
    });

    // Approved again (another call): refused, and nothing is paid twice.
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' }
    });
    expect(await field('users/uma', 'balance')).toBe(1170.5);
  });

  it('pays a payout that needs no override at once, the policy notwithstanding', async () => {
    const preview = await maker()('investments.payoutPreview', { id: 'ned-gold' });
    expect(preview).toMatchObject({ ok: true, value: { allowed: true, needsApproval: null } });
    const paid = await maker()('investments.payout', { id: 'ned-gold', operationId: randomUUID(), version: preview.ok ? preview.value.version : '' });
    expect(paid).toMatchObject({ ok: true, value: { status: 'completed' } });
    expect(paid.ok && paid.value.approvalRequestId).toBeFalsy();
    expect(await field('users/ned', 'balance')).toBe(1120);
    expect((await platform.db.collection(`approvalRequests`).get()).size).toBe(0);
  });
});
