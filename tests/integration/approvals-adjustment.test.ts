import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { DEMO_ADMIN, DEMO_APPROVER } from '../../tools/devenv/demo-accounts';
import { demoEnv, freshDataDir } from '../support/integration/emulatorHosts';
import { NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

// Dual control of Manage adjustments end to end (docs/product-rules.md §15.6): the demo's owner
// credits Wes's balance by at least the policy's amount, the demo's second administrator approves,
// through the app's own methods under firestore.rules.
describe('Manage adjustments under the approval policy, against the emulators', () => {
  const platform = usePlatform({ fixtures: true, apps: 1, env: NO_BACKEND });
  const maker = () => typed(platform.apps[0] as MainServices);
  let approverApp: MainServices | null = null;
  const approver = () => typed(approverApp as MainServices);

  beforeEach(async () => {
    // Wes's balance is $40.10; the policy asks a second administrator from $500.
    await platform.db.doc('settings/ledgerdesk').set({ approvals: { adjustmentAtLeast: 500 } });
    approverApp = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv(NO_BACKEND) });
    const signedIn = await approverApp.dispatch('session.signIn', { email: DEMO_APPROVER.email, password: DEMO_APPROVER.password, rememberMe: false });
    if (!signedIn.ok) throw new Error(signedIn.error.message);
  });
  afterEach(async () => {
    await approverApp?.dispose();
    approverApp = null;
  });

  const field = async (path: string, name: string) => (await platform.db.doc(path).get()).get(name);
  const credit = (amount: number) =>
    maker()('users.adjust', {
      operationId: randomUUID(),
      id: 'wes',
      field: 'balance',
      operation: 'add',
      amount,
      reason: 'Deposit credited by hand',
      allowNegative: false
    });

  it('applies an adjustment under the amount at once, without a request', async () => {
    const done = await credit(499.99);
    expect(done).toMatchObject({ ok: true, value: { message: 'Balance updated to $540.09' } });
    expect(done.ok && done.value.approvalRequestId).toBeFalsy();
    expect(await field('users/wes', 'balance')).toBe(540.09);
  });

  it('asks instead of applying; the maker cannot approve; the other administrator applies it once', async () => {
    const asked = await credit(500);
    if (!asked.ok) throw new Error(asked.error.message);
    const id = asked.value.approvalRequestId!;
    expect(id).toBeTruthy();
    expect(asked.value.message).toContain("Manage adjustments of $500.00 or more need a second administrator's approval.");
    expect(await field('users/wes', 'balance')).toBe(40.1);
    expect(await field('users/wes', 'approvalRequestId')).toBe(id);
    expect(await field(`approvalRequests/${id}`, 'change')).toEqual({ field: 'balance', before: 40.1, after: 540.1 });

    const refused = await maker()('approvals.decide', { id, decision: 'approve', operationId: randomUUID() });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('another administrator must approve') } });
    expect(await field('users/wes', 'balance')).toBe(40.1);

    const operationId = randomUUID();
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId })).toMatchObject({ ok: true, value: { state: 'succeeded' } });
    expect(await field('users/wes', 'balance')).toBe(540.1);
    expect(await field(`approvalRequests/${id}`, 'state')).toBe('succeeded');
    const entry = (await platform.db.doc(`auditLog/${operationId}`).get()).data();
    expect(entry?.adminEmail).toBe(DEMO_APPROVER.email);
    expect(entry?.approvalRequestId).toBe(id);
    expect(entry?.notes).toContain(`Asked by ${DEMO_ADMIN.email}, approved by ${DEMO_APPROVER.email} (request ${id}).`);

    // The same call again answers the same; a second approval is refused; the figure moved once.
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId })).toMatchObject({ ok: true, value: { state: 'succeeded' } });
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' }
    });
    expect(await field('users/wes', 'balance')).toBe(540.1);
  });

  it('fails the request, applying nothing, when the figure changed since it was asked', async () => {
    const asked = await credit(1000);
    if (!asked.ok) throw new Error(asked.error.message);
    const id = asked.value.approvalRequestId!;
    // An adjustment under the amount meanwhile: Wes's balance is no longer the one the request saw.
    expect(await credit(10)).toMatchObject({ ok: true });
    expect(await field('users/wes', 'balance')).toBe(50.1);
    const outcome = await approver()('approvals.decide', { id, decision: 'approve', operationId: randomUUID() });
    expect(outcome).toMatchObject({ ok: true, value: { state: 'failed' } });
    expect(await field(`approvalRequests/${id}`, 'reason')).toMatch(/no longer matches/);
    expect(await field('users/wes', 'balance')).toBe(50.1);
  });

  it('still fails the request when the figure changed after the policy was switched off', async () => {
    const asked = await credit(1000);
    if (!asked.ok) throw new Error(asked.error.message);
    const id = asked.value.approvalRequestId!;
    await platform.db.doc('settings/ledgerdesk').set({ approvals: {} });
    expect(await credit(10)).toMatchObject({ ok: true });
    const outcome = await approver()('approvals.decide', { id, decision: 'approve', operationId: randomUUID() });
    expect(outcome).toMatchObject({ ok: true, value: { state: 'failed' } });
    expect(await field('users/wes', 'balance')).toBe(50.1);
  });
});
