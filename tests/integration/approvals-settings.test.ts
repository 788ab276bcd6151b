import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { defaultApprovalPolicy } from '../../src/shared/domain/approvals';
import { DEMO_APPROVER } from '../../tools/devenv/demo-accounts';
import { demoEnv, emulatorHosts, freshDataDir } from '../support/integration/emulatorHosts';
import { NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

// Dual control of the settings documents end to end (docs/product-rules.md §15.6): the demo's owner
// saves the wallet addresses, the risk rules or a looser policy; nothing changes until the demo's
// second administrator (made an owner here, as the policy is the owner's) approves, through the app's
// own methods under firestore.rules.
const OLD_ADDRESSES = {
  BITCOIN: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  ETHEREUM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  LITECOIN: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'
};
const NEW_ADDRESSES = { ...OLD_ADDRESSES, BITCOIN: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
const OLD_RULES = { cap24h: 5000, cap30d: null, blockedAddresses: [], stepUpAbove: 10_000 };
const NEW_RULES = { cap24h: 50_000, cap30d: null, blockedAddresses: [{ address: 'bc1qbad', reason: 'Reported fraud' }], stepUpAbove: 10_000 };
const POLICY = { ...defaultApprovalPolicy, withdrawalAtLeast: 1000, walletChanges: true, riskRuleChanges: true };

describe('the settings documents under the approval policy, against the emulators', () => {
  const platform = usePlatform({ env: NO_BACKEND });
  const maker = () => typed(platform.app);
  let approverApp: MainServices | null = null;
  const approver = () => typed(approverApp as MainServices);
  let admin: App | null = null;

  beforeAll(() => {
    admin = initializeApp({ projectId: emulatorHosts().projectId }, `approvals-settings-${process.pid}`);
  });
  afterAll(async () => {
    if (admin) await deleteApp(admin);
  });
  beforeEach(async () => {
    await platform.db.doc('settings/ledgerdesk').set({ approvals: POLICY });
    await platform.db.doc('settings/walletAddresses').set(OLD_ADDRESSES);
    await platform.db.doc('settings/riskRules').set(OLD_RULES);
    // The policy is the owner's (govern): the second administrator is an owner too.
    await getAuth(admin!).setCustomUserClaims(DEMO_APPROVER.uid, { role: 'owner' });
    approverApp = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv(NO_BACKEND) });
    const signedIn = await approverApp.dispatch('session.signIn', { email: DEMO_APPROVER.email, password: DEMO_APPROVER.password, rememberMe: false });
    if (!signedIn.ok) throw new Error(signedIn.error.message);
  });
  afterEach(async () => {
    await approverApp?.dispose();
    approverApp = null;
  });

  const data = async (path: string) => (await platform.db.doc(path).get()).data();

  /** Asked by the maker: a request, nothing changed; refused to the maker; applied once by the approver. */
  async function askedThenApplied(ask: () => ReturnType<ReturnType<typeof typed>>, path: string, before: unknown, after: unknown) {
    const asked = await ask();
    if (!asked.ok) throw new Error(asked.error.message);
    const id = (asked.value as { approvalRequestId?: string }).approvalRequestId!;
    expect(id).toBeTruthy();
    expect((asked.value as { message: string }).message).toContain('Nothing was applied yet');
    expect(await data(path)).toMatchObject(before as object);
    expect(await maker()('approvals.decide', { id, decision: 'approve', operationId: randomUUID() })).toMatchObject({ ok: false });

    const operationId = randomUUID();
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId })).toMatchObject({ ok: true, value: { state: 'succeeded' } });
    expect(await data(path)).toMatchObject(after as object);
    const entry = await data(`auditLog/${operationId}`);
    expect(entry?.adminEmail).toBe(DEMO_APPROVER.email);
    expect(entry?.approvalRequestId).toBe(id);
    // Once: a second approval is refused.
    expect(await approver()('approvals.decide', { id, decision: 'approve', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' }
    });
    return id;
  }

  it('asks for the wallet addresses, changes nothing, and applies them once approved', async () => {
    const id = await askedThenApplied(
      () => maker()('wallets.save', { addresses: NEW_ADDRESSES, operationId: randomUUID() }),
      'settings/walletAddresses',
      OLD_ADDRESSES,
      NEW_ADDRESSES
    );
    expect(await data(`approvalRequests/${id}`)).toMatchObject({
      kind: 'wallets',
      target: 'settings/walletAddresses',
      change: NEW_ADDRESSES,
      state: 'succeeded'
    });
  });

  it('asks for the risk rules, changes nothing, and applies them once approved', async () => {
    const id = await askedThenApplied(
      () => maker()('riskRules.save', { rules: NEW_RULES, operationId: randomUUID() }),
      'settings/riskRules',
      OLD_RULES,
      NEW_RULES
    );
    expect(await data(`approvalRequests/${id}`)).toMatchObject({ kind: 'riskRules', target: 'settings/riskRules', change: NEW_RULES });
  });

  it('asks for a save that loosens the policy, the whole save with it, and applies it only once approved', async () => {
    const id = await askedThenApplied(
      () =>
        maker()('platformSettings.save', {
          changes: { requireTxid: true, approvals: { withdrawalAtLeast: null, walletChanges: false } },
          operationId: randomUUID()
        }),
      'settings/ledgerdesk',
      { approvals: POLICY },
      { requireTxid: true, approvals: { ...POLICY, withdrawalAtLeast: null, walletChanges: false } }
    );
    expect(await data(`approvalRequests/${id}`)).toMatchObject({
      kind: 'policy',
      target: 'settings/ledgerdesk',
      change: { withdrawalAtLeast: null, walletChanges: false }
    });
    expect((await data('settings/ledgerdesk'))?.requireTxid).toBe(true);
  });

  it('applies a save that tightens the policy at once', async () => {
    const done = await maker()('platformSettings.save', {
      changes: { approvals: { withdrawalAtLeast: 500, teamChanges: true, adjustmentAtLeast: 250 } },
      operationId: randomUUID()
    });
    expect(done).toMatchObject({ ok: true, value: { message: 'Platform settings saved.' } });
    expect(done.ok && done.value.approvalRequestId).toBeFalsy();
    expect((await data('settings/ledgerdesk'))?.approvals).toEqual({ ...POLICY, withdrawalAtLeast: 500, teamChanges: true, adjustmentAtLeast: 250 });
  });

  it('saves the addresses at once with the switch off', async () => {
    await platform.db.doc('settings/ledgerdesk').set({ approvals: { ...POLICY, walletChanges: false } });
    const done = await maker()('wallets.save', { addresses: NEW_ADDRESSES, operationId: randomUUID() });
    expect(done.ok && done.value.approvalRequestId).toBeFalsy();
    expect(await data('settings/walletAddresses')).toMatchObject(NEW_ADDRESSES);
  });
});
