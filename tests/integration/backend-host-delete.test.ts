import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../scripts/demo-accounts';
import { resetEmulators } from '../../scripts/emulators';
import { createAuthAccounts } from '../../scripts/seed';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { emulatorHosts } from './support';

// The real chain: Auth emulator ID tokens -> backend host (firebase-admin) -> Auth + Firestore emulators.
describe('backend host: DELETE /api/deleteUser/:id against the emulators', () => {
  let host: RunningBackendHost;
  let admin: App;
  let auth: Auth;
  let db: Firestore;
  let adminToken: string;
  let customerToken: string;

  const CASEY = { fullname: 'Casey Customer', email: DEMO_CUSTOMER.email, balance: 250.75, password: 'plain-text-secret', Totaldeposit: 1000 };

  const signIn = async (account: { email: string; password: string }): Promise<string> => {
    const res = await fetch(
      `http://${emulatorHosts().authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...account, returnSecureToken: true }) }
    );
    const body = (await res.json()) as { idToken?: string };
    if (!res.ok || !body.idToken) throw new Error(`Sign-in failed for ${account.email}: ${JSON.stringify(body)}`);
    return body.idToken;
  };

  const deleteUser = (id: string, token: string) =>
    fetch(`${host.url}/api/deleteUser/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });

  const hasAccount = (uid: string) => auth.getUser(uid).then(() => true, () => false);
  const hasDocument = async (id: string) => (await db.collection('users').doc(id).get()).exists;
  const auditFor = async (id: string) =>
    (await db.collection('auditLog').where('entityPath', '==', `users/${id}`).get()).docs.map((d) => d.data());

  beforeAll(async () => {
    const hosts = emulatorHosts();
    await resetEmulators(hosts);
    admin = initializeApp({ projectId: hosts.projectId }, `backend-host-delete-test-${process.pid}`);
    auth = getAuth(admin);
    db = getFirestore(admin);
    await createAuthAccounts(hosts);
    adminToken = await signIn(DEMO_ADMIN);
    host = await startBackendHost({ projectId: hosts.projectId, smtpUrl: 'smtp://127.0.0.1:9', port: 0, log: () => undefined });
  });
  afterAll(async () => {
    await host?.close();
    if (admin) await deleteApp(admin);
  });

  // Tests delete the customer: every test starts with Casey's account (a fresh sign-in) and document back.
  beforeEach(async () => {
    await createAuthAccounts(emulatorHosts());
    await db.collection('users').doc(DEMO_CUSTOMER.uid).set(CASEY);
    customerToken = await signIn(DEMO_CUSTOMER);
  });

  it('refuses the customer’s own token with 403 and deletes nothing', async () => {
    const res = await deleteUser(DEMO_CUSTOMER.uid, customerToken);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'This account is not the Ledgerdesk administrator.' });
    expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(true);
    expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(true);
    expect(await auditFor(DEMO_CUSTOMER.uid)).toEqual([]);
  });

  it('refuses a garbage token with 401', async () => {
    const res = await deleteUser(DEMO_CUSTOMER.uid, 'not-a-firebase-token');
    expect(res.status).toBe(401);
    expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(true);
  });

  it('refuses to delete the administrator: the caller, and any account with the admin claim', async () => {
    await db.collection('users').doc(DEMO_ADMIN.uid).set({ fullname: 'Demo Administrator' });
    await auth.createUser({ uid: 'second-admin', email: 'second@ledgerdesk.test', password: 'second-admin' });
    await auth.setCustomUserClaims('second-admin', { admin: true });
    for (const uid of [DEMO_ADMIN.uid, 'second-admin']) {
      const res = await deleteUser(uid, adminToken);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: "The administrator's account cannot be deleted." });
      expect(await hasAccount(uid)).toBe(true);
      expect(await auditFor(uid)).toEqual([]);
    }
    expect(await hasDocument(DEMO_ADMIN.uid)).toBe(true);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await deleteUser('no-such-customer', adminToken);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No customer with id no-such-customer.' });
  });

  it('deletes the customer’s sign-in account and document, and writes the audit entry', async () => {
    const res = await deleteUser(DEMO_CUSTOMER.uid, adminToken);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ ok: true, id: DEMO_CUSTOMER.uid, authAccountDeleted: true });
    expect(body).not.toContain('plain-text-secret');

    expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(false);
    expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(false);
    const path = `users/${DEMO_CUSTOMER.uid}`;
    const entries = await auditFor(DEMO_CUSTOMER.uid);
    expect(entries).toEqual([
      {
        kind: 'user',
        action: 'user.delete',
        entityPath: path,
        summary: 'Customer Casey Customer deleted',
        before: { [`${path}.email`]: DEMO_CUSTOMER.email, [`${path}.fullname`]: 'Casey Customer', [`${path}.balance`]: 250.75 },
        after: { [path]: null },
        notes: [],
        reason: null,
        adminUid: DEMO_ADMIN.uid,
        adminEmail: DEMO_ADMIN.email,
        at: expect.any(Timestamp)
      }
    ]);
    expect(Math.abs((entries[0]?.at as Timestamp).toMillis() - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(entries)).not.toContain('plain-text-secret');

    // The deleted customer's old token no longer opens anything.
    expect((await deleteUser(DEMO_CUSTOMER.uid, customerToken)).status).toBe(401);
    // And a second deletion finds nothing.
    expect((await deleteUser(DEMO_CUSTOMER.uid, adminToken)).status).toBe(404);
  });

  it('deletes a customer who has a document but no sign-in account', async () => {
    await db.collection('users').doc('firestore-only').set({ email: 'legacy@example.com', balance: 12, password: 'legacy-secret' });
    const res = await deleteUser('firestore-only', adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: 'firestore-only', authAccountDeleted: false });
    expect(await hasDocument('firestore-only')).toBe(false);
    expect(await auditFor('firestore-only')).toEqual([
      expect.objectContaining({
        summary: 'Customer legacy@example.com deleted',
        before: { 'users/firestore-only.email': 'legacy@example.com', 'users/firestore-only.fullname': null, 'users/firestore-only.balance': 12 },
        after: { 'users/firestore-only': null },
        notes: ['The customer had no sign-in account.'],
        adminUid: DEMO_ADMIN.uid
      })
    ]);
    // Casey was not touched.
    expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(true);
    expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(true);
  });
});
