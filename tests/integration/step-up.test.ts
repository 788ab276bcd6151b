import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import type { MainServices } from '../../src/main/compose';
import { REAUTH_REQUIRED_MESSAGE } from '../../src/shared/domain/access';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { adminDb, freshPlatform, signedInApp, typed } from '../support/integration/moneyFixtures';
import { emulatorHosts } from '../support/integration/emulatorHosts';

/**
 * Step-up where the write lands (docs/product-rules.md §11.2), against the real Auth and Firestore
 * emulators: the rules and the backend host read when the password was last typed from the ID
 * token (auth_time). Here their windows are a few seconds while the app's stays 5 minutes, so the
 * app's own check lets the request out and only the token can stop it; a password confirmed in the
 * app must reach Firestore and the host as a fresh token at once.
 */
const WINDOW_S = 3;
const pastTheWindow = () => new Promise((resolve) => setTimeout(resolve, (WINDOW_S + 1.5) * 1000));
const denied = { ok: false, error: { code: 'STEP_UP_REQUIRED', message: REAUTH_REQUIRED_MESSAGE } };

const ADDRESSES = {
  BITCOIN: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  ETHEREUM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  LITECOIN: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'
};

describe('step-up checked by the ID token where the write lands', () => {
  let admin: ReturnType<typeof adminDb>;
  const started: MainServices[] = [];
  const start = async (env: NodeJS.ProcessEnv = {}) => {
    const app = await signedInApp(env);
    started.push(app);
    return app;
  };

  beforeAll(async () => {
    admin = adminDb();
    await freshPlatform();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((app) => app.dispose()));
  });
  afterAll(() => admin.close());

  it('the backend host refuses deletion and suspension on an old sign-in, the app asks for the password, and the fresh token goes through', async () => {
    const host: RunningBackendHost = await startBackendHost({
      projectId: emulatorHosts().projectId,
      smtpUrl: 'smtp://127.0.0.1:9',
      port: 0,
      stepUpWindowMs: WINDOW_S * 1000,
      log: () => undefined
    });
    try {
      await admin.db.doc('users/host-sue').set({ fullname: 'Sue To-Suspend', email: 'sue@example.com', balance: 0 });
      await admin.db.doc('users/host-dora').set({ fullname: 'Dora To-Delete', email: 'dora@example.com', balance: 0 });
      const app = await start({ LEDGERDESK_BACKEND_URL: host.url });
      const call = typed(app);
      await pastTheWindow();

      const suspend = { id: 'host-sue', reason: 'Card chargebacks under review.', operationId: randomUUID() };
      const remove = { id: 'host-dora', reason: 'Account closed at the customer’s request.', operationId: randomUUID() };
      // The app's window (5 minutes) let them out; the host's answer is the app's own step-up error, the one the screen prompts on.
      expect(await call('users.suspend', suspend)).toEqual(denied);
      expect(await call('users.delete', remove)).toEqual(denied);
      expect((await admin.db.doc('users/host-sue').get()).get('suspended')).toBeUndefined();
      expect((await admin.db.doc('users/host-dora').get()).exists).toBe(true);

      expect(await call('session.reauthenticate', { password: DEMO_ADMIN.password })).toMatchObject({ ok: true });
      // Repeated as the screen repeats them, with the same operationId (the host's Idempotency-Key was not used up).
      expect(await call('users.suspend', suspend)).toMatchObject({ ok: true });
      expect(await call('users.delete', remove)).toMatchObject({ ok: true });
      expect((await admin.db.doc('users/host-sue').get()).get('suspended')).toBe(true);
      expect((await admin.db.doc('users/host-dora').get()).exists).toBe(false);
    } finally {
      await host.close();
    }
  });

  it("firestore.rules refuse settings on an old sign-in, and accept them from the main process's Firestore right after the password is confirmed", async () => {
    const rules = readFileSync('firestore.rules', 'utf8');
    const FIVE_MINUTES = "duration.value(5, 'm')";
    expect(rules).toContain(FIVE_MINUTES);
    const loadRules = async (text: string) => {
      const { firestoreHost, projectId } = emulatorHosts();
      const response = await fetch(`http://${firestoreHost}/emulator/v1/projects/${projectId}:securityRules`, {
        method: 'PUT',
        body: JSON.stringify({ rules: { files: [{ content: text }] } })
      });
      if (!response.ok) throw new Error(await response.text());
    };
    await loadRules(rules.replace(FIVE_MINUTES, `duration.value(${WINDOW_S}, 's')`));
    try {
      const app = await start();
      const call = typed(app);
      await pastTheWindow();

      const wallets = { addresses: ADDRESSES, operationId: randomUUID() };
      const settings = { changes: { requireTxid: true }, operationId: randomUUID() };
      const risk = { rules: { cap24h: 500, cap30d: null, blockedAddresses: [], stepUpAbove: 10_000 }, operationId: randomUUID() };
      // The app's own window is 5 minutes: the rules are what refuse.
      expect(await call('wallets.save', wallets)).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
      expect(await call('platformSettings.save', settings)).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
      expect(await call('riskRules.save', risk)).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
      const stored = await admin.db.getAll(...['walletAddresses', 'ledgerdesk', 'riskRules'].map((id) => admin.db.doc(`settings/${id}`)));
      expect(stored.map((doc) => doc.exists)).toEqual([false, false, false]);

      expect(await call('session.reauthenticate', { password: DEMO_ADMIN.password })).toMatchObject({ ok: true });
      expect(await call('wallets.save', wallets)).toMatchObject({ ok: true });
      expect(await call('platformSettings.save', settings)).toMatchObject({ ok: true });
      expect(await call('riskRules.save', risk)).toMatchObject({ ok: true });
      expect((await admin.db.doc('settings/walletAddresses').get()).get('ETHEREUM')).toBe(ADDRESSES.ETHEREUM);
      expect((await admin.db.doc('settings/ledgerdesk').get()).get('requireTxid')).toBe(true);
      expect((await admin.db.doc('settings/riskRules').get()).get('cap24h')).toBe(500);
    } finally {
      // The next files on these emulators get the real rules back.
      await loadRules(rules);
    }
  });
});
