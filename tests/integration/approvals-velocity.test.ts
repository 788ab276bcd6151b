import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { DEMO_APPROVER } from '../../tools/devenv/demo-accounts';
import { demoEnv, freshDataDir } from '../support/integration/emulatorHosts';
import { NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

// Dual control's 24-hour rule end to end (docs/product-rules.md §15.6, "A customer's withdrawals
// over 24 hours"): the demo's owner approves Wes's withdrawals until his approved ones of the last
// 24 hours would reach $1,000.00; from there the demo's second administrator must approve.
describe("a customer's withdrawals over 24 hours, against the emulators", () => {
  const platform = usePlatform({ fixtures: true, env: NO_BACKEND });
  const maker = () => typed(platform.app);
  let approverApp: MainServices | null = null;
  const approver = () => typed(approverApp!);

  const hoursAgo = (hours: number) => Timestamp.fromMillis(Date.now() - hours * 60 * 60 * 1000);
  const withdrawal = (id: string, amount: number, status: string, createdAt: Timestamp) =>
    platform.db.doc(`withdrawals/${id}`).set({
      userId: 'wes',
      email: 'wes@example.com',
      username: 'Wes Withdrawer',
      amount,
      cryptoType: 'ETHEREUM',
      walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      status,
      createdAt
    });
  const field = async (path: string, name: string) => (await platform.db.doc(path).get()).get(name);

  beforeEach(async () => {
    await platform.db.doc('settings/ledgerdesk').set({ approvals: { withdrawalsIn24hAtLeast: 1000 } });
    approverApp = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv(NO_BACKEND) });
    const signedIn = await approverApp.dispatch('session.signIn', { email: DEMO_APPROVER.email, password: DEMO_APPROVER.password, rememberMe: false });
    if (!signedIn.ok) throw new Error(signedIn.error.message);
  });
  afterEach(async () => {
    await approverApp?.dispose();
    approverApp = null;
  });

  /** The maker's preview and confirmation, as the decision dialog makes them. */
  const approve = async (id: string) => {
    const preview = await maker()('withdrawals.preview', { id, status: 'approved' });
    if (!preview.ok) throw new Error(preview.error.message);
    const done = await maker()('withdrawals.setStatus', { operationId: randomUUID(), id, status: 'approved', version: preview.value.version });
    if (!done.ok) throw new Error(done.error.message);
    return { needsApproval: preview.value.needsApproval, outcome: done.value };
  };

  it('applies under the amount at once; the withdrawal that takes the 24 hours over it waits for the other administrator, who applies it once', async () => {
    await withdrawal('wd-day-1', 600, 'pending', hoursAgo(2));
    await withdrawal('wd-day-2', 500, 'pending', hoursAgo(1));

    // $600.00 in 24 hours: applied at once.
    const first = await approve('wd-day-1');
    expect(first.needsApproval).toBeNull();
    expect(first.outcome.status).toBe('approved');
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1600);

    // $600.00 approved and this $500.00: $1,100.00, over $1,000.00.
    const second = await approve('wd-day-2');
    const why = "This withdrawal takes wes@example.com's withdrawals in 24 hours to $1,100.00; from $1,000.00 a second administrator must approve.";
    expect(second.needsApproval).toBe(why);
    expect(second.outcome).toMatchObject({ status: 'awaiting approval', emailsQueued: 0 });
    const id = second.outcome.approvalRequestId!;
    expect(id).toBeTruthy();
    expect(await field('withdrawals/wd-day-2', 'status')).toBe('pending');
    expect(await field('withdrawals/wd-day-2', 'approvalRequestId')).toBe(id);
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1600);
    expect(await field(`approvalRequests/${id}`, 'why')).toBe(why);
    expect(await field(`approvalRequests/${id}`, 'change')).toEqual({ status: 'approved', amount: 500 });

    const operationId = randomUUID();
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId })).toMatchObject({ ok: true, value: { state: 'succeeded' } });
    expect(await field('withdrawals/wd-day-2', 'status')).toBe('approved');
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(2100);
    expect(await field(`approvalRequests/${id}`, 'state')).toBe('succeeded');

    // Once: the same call answers the same, another approval is refused, nothing moves twice.
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId })).toMatchObject({ ok: true, value: { state: 'succeeded' } });
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' }
    });
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(2100);
  });

  it('does not count a withdrawal approved more than 24 hours ago, nor one still pending', async () => {
    await withdrawal('wd-yesterday', 900, 'approved', hoursAgo(25));
    await withdrawal('wd-waiting', 900, 'pending', hoursAgo(3));
    await withdrawal('wd-today', 500, 'pending', hoursAgo(1));

    const today = await approve('wd-today');
    expect(today.needsApproval).toBeNull();
    expect(today.outcome.status).toBe('approved');
    expect(await field('withdrawals/wd-today', 'status')).toBe('approved');
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1500);

    // Within the 24 hours the same $900.00 counts: $500.00 + $900.00 waits for a second administrator.
    await platform.db.doc('withdrawals/wd-yesterday').update({ createdAt: hoursAgo(23) });
    const waiting = await approve('wd-waiting');
    expect(waiting.needsApproval).toContain('in 24 hours to $2,300.00;');
    expect(waiting.outcome.status).toBe('awaiting approval');
    expect(await field('withdrawals/wd-waiting', 'status')).toBe('pending');
  });
});
