import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { DEMO_ADMIN, DEMO_APPROVER } from '../../tools/devenv/demo-accounts';
import { demoEnv, freshDataDir } from '../support/integration/emulatorHosts';
import { NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

// Dual control end to end (docs/product-rules.md §15.4): the demo's owner asks, the demo's second
// administrator approves, through the app's own methods under firestore.rules.
describe('approval requests against the emulators', () => {
  const platform = usePlatform({ fixtures: true, apps: 2, env: NO_BACKEND });
  const maker = () => typed(platform.apps[0] as MainServices);
  // A second session of the maker's own account: never an approver.
  const makerAgain = () => typed(platform.apps[1] as MainServices);
  let approverApps: MainServices[] = [];
  const approver = (n = 0) => typed(approverApps[n] as MainServices);

  async function signedInAs(account: { email: string; password: string }): Promise<MainServices> {
    const app = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv(NO_BACKEND) });
    const signedIn = await app.dispatch('session.signIn', { email: account.email, password: account.password, rememberMe: false });
    if (!signedIn.ok) throw new Error(signedIn.error.message);
    return app;
  }

  beforeEach(async () => {
    // wd-approve is $250 of Wes's; the policy asks a second administrator from $200.
    await platform.db.doc('settings/ledgerdesk').set({ approvals: { withdrawalAtLeast: 200 } });
    approverApps = await Promise.all([signedInAs(DEMO_APPROVER), signedInAs(DEMO_APPROVER)]);
  });
  afterEach(async () => {
    await Promise.all(approverApps.splice(0).map((app) => app.dispose()));
  });

  const field = async (path: string, name: string) => (await platform.db.doc(path).get()).get(name);
  const ask = async () => {
    const preview = await maker()('withdrawals.preview', { id: 'wd-approve', status: 'approved' });
    expect(preview.ok && preview.value.needsApproval).toBe("Withdrawals of $200.00 or more need a second administrator's approval.");
    const asked = await maker()('withdrawals.setStatus', {
      operationId: randomUUID(),
      id: 'wd-approve',
      status: 'approved',
      version: preview.ok ? preview.value.version : ''
    });
    if (!asked.ok) throw new Error(asked.error.message);
    return asked.value;
  };

  it('asks instead of applying, and the other administrator applies it once, with its e-mail', async () => {
    const asked = await ask();
    expect(asked.status).toBe('awaiting approval');
    expect(asked.approvalRequestId).toBeTruthy();
    expect(asked.emailsQueued).toBe(0);
    const id = asked.approvalRequestId!;
    expect(await field('withdrawals/wd-approve', 'status')).toBe('pending');
    expect(await field('withdrawals/wd-approve', 'approvalRequestId')).toBe(id);
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1000);

    const listed = await approver()('approvals.list', { state: 'requires_review' });
    expect(listed.ok && listed.value.requests.map((r) => [r.id, r.requestedBy.email, r.target])).toEqual([[id, DEMO_ADMIN.email, 'withdrawals/wd-approve']]);

    // The maker cannot approve their own request, from this session or another one.
    for (const self of [maker(), makerAgain()]) {
      const refused = await self('approvals.decide', { id, decision: 'approve', operationId: randomUUID() });
      expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('another administrator must approve') } });
    }

    const operationId = randomUUID();
    const approved = await approver()('approvals.decide', { id, decision: 'approve', operationId });
    expect([approved, await field(`approvalRequests/${id}`, 'reason')]).toMatchObject([{ ok: true, value: { state: 'succeeded' } }, null]);
    expect(await field('withdrawals/wd-approve', 'status')).toBe('approved');
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1250);
    expect(await field(`approvalRequests/${id}`, 'state')).toBe('succeeded');
    expect(await field(`approvalRequests/${id}`, 'decidedBy')).toMatchObject({ email: DEMO_APPROVER.email });
    expect((await platform.db.collection('mailOutbox').get()).size).toBe(1);

    // The same call again (a lost reply) answers the same; another approval is refused; nothing moves twice.
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId })).toMatchObject({ ok: true, value: { state: 'succeeded' } });
    expect(await approver(1)('approvals.decide', { id, decision: 'approve', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' }
    });
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1250);
    const entry = (await platform.db.doc(`auditLog/${operationId}`).get()).data();
    expect(entry?.adminEmail).toBe(DEMO_APPROVER.email);
    expect(entry?.notes).toContain(`Asked by ${DEMO_ADMIN.email}, approved by ${DEMO_APPROVER.email} (request ${id}).`);
  });

  it('applies one of two approvals made at the same moment', async () => {
    const { approvalRequestId: id } = await ask();
    const both = await Promise.all([0, 1].map((n) => approver(n)('approvals.decide', { id: id!, decision: 'approve', operationId: randomUUID() })));
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1250);
    expect((await platform.db.collection('mailOutbox').get()).size).toBe(1);
  });

  it('fails the request, applying nothing, when the withdrawal changed since it was asked', async () => {
    const { approvalRequestId: id } = await ask();
    await platform.db.doc('withdrawals/wd-approve').update({ amount: 260 });
    const outcome = await approver()('approvals.decide', { id: id!, decision: 'approve', operationId: randomUUID() });
    expect(outcome).toMatchObject({ ok: true, value: { state: 'failed' } });
    expect(await field(`approvalRequests/${id}`, 'reason')).toMatch(/changed/);
    expect(await field('withdrawals/wd-approve', 'status')).toBe('pending');
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1000);
  });

  it('is rejected by the other administrator with a reason, or cancelled by the maker, and never asked twice at once', async () => {
    const { approvalRequestId: first } = await ask();
    const twice = await maker()('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-approve', status: 'approved' });
    expect(twice).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('already awaits approval') } });
    expect(await approver()('approvals.decide', { id: first!, decision: 'reject', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' }
    });
    expect(await approver()('approvals.decide', { id: first!, decision: 'reject', reason: 'Address not verified', operationId: randomUUID() })).toMatchObject({
      ok: true,
      value: { state: 'rejected' }
    });
    expect(await field('withdrawals/wd-approve', 'approvalRequestId')).toBeNull();

    const { approvalRequestId: second } = await ask();
    expect(await approver()('approvals.cancel', { id: second! })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await maker()('approvals.cancel', { id: second! })).toMatchObject({ ok: true, value: { state: 'canceled' } });
    expect(await field('withdrawals/wd-approve', 'status')).toBe('pending');
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1000);
  });
});
