import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBackendHost } from '../../server/host';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { REAUTH_REQUIRED_MESSAGE } from '../../src/shared/domain/access';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { adminDb, freshPlatform, typed } from '../support/integration/moneyFixtures';
import { demoEnv, emulatorHosts, eventually, freshDataDir } from '../support/integration/emulatorHosts';

/**
 * Access to Ledgerdesk as audit entries, against the real Auth and Firestore emulators: refused
 * sign-ins wait in the main process (no administrator session may write them yet) and are written
 * in order under the next administrator's; sign-outs are written before the provider signs out;
 * password confirmations are written at once. The riskiest changes need the password within the
 * step-up window (shortened here by LEDGERDESK_REAUTH_WINDOW_MS).
 */
describe('sign-ins, sign-outs and step-up as audit entries', () => {
  let admin: ReturnType<typeof adminDb>;
  const started: MainServices[] = [];
  const start = async (env: NodeJS.ProcessEnv = {}) => {
    const services = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv(env) });
    started.push(services);
    return services;
  };
  const signIn = (services: MainServices, account: { email: string; password: string }) =>
    typed(services)('session.signIn', { email: account.email, password: account.password, rememberMe: false });
  const accessEntries = async () =>
    (await admin.db.collection('auditLog').where('kind', '==', 'access').get()).docs
      .map((d) => d.data())
      .sort((a, b) => String(a.access.occurredAt).localeCompare(String(b.access.occurredAt)));

  beforeAll(async () => {
    admin = adminDb();
    await freshPlatform();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((services) => services.dispose()));
    await admin.db.recursiveDelete(admin.db.collection('auditLog'));
  });
  afterAll(() => admin.close());

  it('keeps refused sign-ins until the administrator signs in, then writes them first, in order, under that session', async () => {
    const app = await start();
    expect(await signIn(app, { email: DEMO_ADMIN.email, password: 'not-it' })).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await signIn(app, DEMO_CUSTOMER)).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    await app.accessSettled();
    // Nobody who may write the audit log has signed in yet.
    expect(await accessEntries()).toEqual([]);

    expect(await signIn(app, DEMO_ADMIN)).toMatchObject({ ok: true });
    await app.accessSettled();
    const entries = await accessEntries();
    expect(entries.map((e) => [e.action, e.access.email, e.access.result, e.access.detail])).toEqual([
      ['access.signInRefused', DEMO_ADMIN.email, 'refused', 'The e-mail address or password is incorrect.'],
      ['access.signInRefused', DEMO_CUSTOMER.email, 'refused', 'notAdmin'],
      ['access.signIn', DEMO_ADMIN.email, 'ok', null]
    ]);
    // Signed by the administrator whose session wrote them, at the server's time; when it happened is kept apart.
    expect(entries.every((e) => e.adminEmail === DEMO_ADMIN.email && e.at && e.access.occurredAt)).toBe(true);

    const listed = await typed(app)('audit.list', { kind: 'access' });
    expect(listed.ok && listed.value.rows.map((row) => row.access?.event)).toEqual(['signIn', 'signIn', 'signIn']);
    expect(listed.ok && listed.value.rows[0]?.summary).toBe(`Signed in: ${DEMO_ADMIN.email}`);

    expect(await typed(app)('session.signOut', {})).toMatchObject({ ok: true });
    // Written before the provider signed out: the administrator's session was still there to write it.
    expect((await accessEntries()).at(-1)).toMatchObject({ action: 'access.signOut', access: { email: DEMO_ADMIN.email, detail: 'signedOut' } });
  });

  it('records the idle sign-out under the session it ends', async () => {
    const app = await start({ LEDGERDESK_IDLE_MS: '1500' });
    expect(await signIn(app, DEMO_ADMIN)).toMatchObject({ ok: true });
    await eventually(accessEntries, (entries) => entries.some((e) => e.action === 'access.signOut'), 'the idle sign-out entry');
    expect((await accessEntries()).map((e) => [e.action, e.access.detail])).toEqual([
      ['access.signIn', null],
      ['access.signOut', 'idle']
    ]);
  });

  it('asks for the password again past the step-up window, records each confirmation, then lets the change through', async () => {
    const app = await start({ LEDGERDESK_REAUTH_WINDOW_MS: '3000' });
    const call = typed(app);
    expect(await signIn(app, DEMO_ADMIN)).toMatchObject({ ok: true });
    const addresses = {
      BITCOIN: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      ETHEREUM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      LITECOIN: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'
    };
    await new Promise((resolve) => setTimeout(resolve, 3200));

    const operationId = randomUUID();
    expect(await call('wallets.save', { addresses, operationId })).toEqual({
      ok: false,
      error: { code: 'STEP_UP_REQUIRED', message: REAUTH_REQUIRED_MESSAGE }
    });
    expect(
      await call('riskRules.save', { rules: { cap24h: 100, cap30d: null, blockedAddresses: [], stepUpAbove: 10_000 }, operationId: randomUUID() })
    ).toMatchObject({
      ok: false,
      error: { message: REAUTH_REQUIRED_MESSAGE }
    });
    // Platform settings can switch requireTxid off and payouts on: they ask too.
    const settingsOperationId = randomUUID();
    expect(await call('platformSettings.save', { changes: { requireTxid: true }, operationId: settingsOperationId })).toEqual({
      ok: false,
      error: { code: 'STEP_UP_REQUIRED', message: REAUTH_REQUIRED_MESSAGE }
    });
    expect((await admin.db.doc('settings/walletAddresses').get()).exists).toBe(false);
    expect((await admin.db.doc('settings/ledgerdesk').get()).exists).toBe(false);

    expect(await call('session.reauthenticate', { password: 'not-it' })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'That password is not right.' }
    });
    const confirmed = await call('session.reauthenticate', { password: DEMO_ADMIN.password });
    expect(confirmed.ok && 'confirmedUntil' in confirmed.value).toBe(true);
    // The same action, repeated as the screen does once the password is confirmed.
    expect(await call('wallets.save', { addresses, operationId })).toEqual({ ok: true, value: expect.anything() });
    expect((await admin.db.doc('settings/walletAddresses').get()).get('ETHEREUM')).toBe(addresses.ETHEREUM);
    expect(await call('platformSettings.save', { changes: { requireTxid: true }, operationId: settingsOperationId })).toMatchObject({ ok: true });
    expect((await admin.db.doc('settings/ledgerdesk').get()).get('requireTxid')).toBe(true);

    await app.accessSettled();
    expect((await accessEntries()).map((e) => [e.action, e.access.result])).toEqual([
      ['access.signIn', 'ok'],
      ['access.reauthenticateRefused', 'refused'],
      ['access.reauthenticate', 'ok']
    ]);
  });

  it('asks for the password again past the step-up window before deleting, suspending or un-suspending a customer, then lets each through', async () => {
    // Suspension and deletion are the backend host's (docs/product-rules.md §6.5, §6.9); the customers need no sign-in account.
    const host = await startBackendHost({ projectId: emulatorHosts().projectId, smtpUrl: 'smtp://127.0.0.1:9', port: 0, log: () => undefined });
    try {
      await admin.db.doc('users/step-sue').set({ fullname: 'Sue To-Suspend', email: 'sue@example.com', balance: 0 });
      await admin.db.doc('users/step-una').set({ fullname: 'Una Suspended', email: 'una@example.com', balance: 0, suspended: true });
      await admin.db.doc('users/step-dora').set({ fullname: 'Dora To-Delete', email: 'dora@example.com', balance: 0 });
      const app = await start({ LEDGERDESK_REAUTH_WINDOW_MS: '3000', LEDGERDESK_BACKEND_URL: host.url });
      const call = typed(app);
      expect(await signIn(app, DEMO_ADMIN)).toMatchObject({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 3200));

      const asked = {
        suspend: { id: 'step-sue', reason: 'Card chargebacks under review.', operationId: randomUUID() },
        unsuspend: { id: 'step-una', reason: 'Identity confirmed on a video call.', operationId: randomUUID() },
        remove: { id: 'step-dora', reason: 'Account closed at the customer’s request.', operationId: randomUUID() }
      };
      const denied = { ok: false, error: { code: 'STEP_UP_REQUIRED', message: REAUTH_REQUIRED_MESSAGE } };
      expect(await call('users.suspend', asked.suspend)).toEqual(denied);
      expect(await call('users.unsuspend', asked.unsuspend)).toEqual(denied);
      expect(await call('users.delete', asked.remove)).toEqual(denied);
      // Nothing reached the backend host: the three customers are as they were.
      expect((await admin.db.doc('users/step-sue').get()).get('suspended')).toBeUndefined();
      expect((await admin.db.doc('users/step-una').get()).get('suspended')).toBe(true);
      expect((await admin.db.doc('users/step-dora').get()).exists).toBe(true);

      const confirmed = await call('session.reauthenticate', { password: DEMO_ADMIN.password });
      expect(confirmed.ok).toBe(true);
      // The same actions, repeated as the screen does once the password is confirmed.
      expect(await call('users.suspend', asked.suspend)).toMatchObject({ ok: true });
      expect(await call('users.unsuspend', asked.unsuspend)).toMatchObject({ ok: true });
      expect(await call('users.delete', asked.remove)).toMatchObject({ ok: true });
      expect((await admin.db.doc('users/step-sue').get()).get('suspended')).toBe(true);
      expect((await admin.db.doc('users/step-una').get()).get('suspended')).toBe(false);
      expect((await admin.db.doc('users/step-dora').get()).exists).toBe(false);
    } finally {
      await host.close();
    }
  });
});
