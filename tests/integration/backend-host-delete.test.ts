import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../tools/devenv/emulators';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { buildBackendHost } from '../../server/app';
import { createFirebaseVerifier } from '../../server/auth';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { createSmtpSender, DEFAULT_MAIL_FROM } from '../../server/mailer';
import { createFirestoreOperationStore } from '../../server/operations';
import { createFirebaseUserStore, type UserStore } from '../../server/users';
import { emulatorHosts } from '../support/integration/emulatorHosts';

// The real chain: Auth emulator ID tokens -> backend host (firebase-admin) -> Auth + Firestore emulators.
describe('backend host: DELETE /api/deleteUser/:id against the emulators', () => {
  let host: RunningBackendHost;
  let admin: App;
  let auth: Auth;
  let db: Firestore;
  let adminToken: string;
  let customerToken: string;

  // Casey holds nothing, so she may be deleted without force; tests that need money give her some.
  const CASEY = { fullname: 'Casey Customer', email: DEMO_CUSTOMER.email, balance: 0, password: 'plain-text-secret', Totaldeposit: 1000 };

  const signIn = async (account: { email: string; password: string }): Promise<string> => {
    const res = await fetch(`http://${emulatorHosts().authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, returnSecureToken: true })
    });
    const body = (await res.json()) as { idToken?: string };
    if (!res.ok || !body.idToken) throw new Error(`Sign-in failed for ${account.email}: ${JSON.stringify(body)}`);
    return body.idToken;
  };

  const REASON = 'Account closed at the customer’s request';
  const deleteUser = (id: string, token: string, options: { key?: string; force?: boolean } = {}) =>
    fetch(`${host.url}/api/deleteUser/${encodeURIComponent(id)}${options.force ? '?force=true' : ''}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(options.key ? { 'idempotency-key': options.key } : {}) },
      body: JSON.stringify({ reason: REASON })
    });

  const hasAccount = (uid: string) =>
    auth.getUser(uid).then(
      () => true,
      () => false
    );
  const hasDocument = async (id: string) => (await db.collection('users').doc(id).get()).exists;
  const auditFor = async (id: string) => (await db.collection('auditLog').where('entityPath', '==', `users/${id}`).get()).docs.map((d) => d.data());

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
        before: { [`${path}.email`]: DEMO_CUSTOMER.email, [`${path}.fullname`]: 'Casey Customer', [`${path}.balance`]: 0 },
        after: { [path]: null, [`archivedUsers/${DEMO_CUSTOMER.uid}.retainUntil`]: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        notes: [],
        reason: REASON,
        adminUid: DEMO_ADMIN.uid,
        adminEmail: DEMO_ADMIN.email,
        operationId: null,
        force: false,
        openDeposits: 0,
        openWithdrawals: 0,
        activeInvestments: 0,
        activeCompoundInvestments: 0,
        answer: { ok: true, id: DEMO_CUSTOMER.uid, authAccountDeleted: true },
        at: expect.any(Timestamp),
        // Its place on the audit chain (docs/product-rules.md §16.6).
        seq: expect.any(Number),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/)
      }
    ]);
    expect(Math.abs((entries[0]?.at as Timestamp).toMillis() - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(entries)).not.toContain('plain-text-secret');

    // The customer stays on record, in the same transaction: the whole document (never its password), why, and until when.
    const archived = (await db.doc(`archivedUsers/${DEMO_CUSTOMER.uid}`).get()).data();
    expect(archived).toMatchObject({
      id: DEMO_CUSTOMER.uid,
      reason: REASON,
      adminUid: DEMO_ADMIN.uid,
      user: { fullname: 'Casey Customer' },
      hadPasswordField: true
    });
    const deletedAt = (archived?.deletedAt as Timestamp).toDate();
    const retainUntil = (archived?.retainUntil as Timestamp).toDate();
    expect(retainUntil.getUTCFullYear() - deletedAt.getUTCFullYear()).toBe(5);
    expect(JSON.stringify(archived)).not.toContain('plain-text-secret');

    // The deleted customer's old token no longer opens anything.
    expect((await deleteUser(DEMO_CUSTOMER.uid, customerToken)).status).toBe(401);
    // And a second deletion finds nothing.
    expect((await deleteUser(DEMO_CUSTOMER.uid, adminToken)).status).toBe(404);
  });

  it('deletes a customer who has a document but no sign-in account', async () => {
    await db.collection('users').doc('firestore-only').set({ email: 'legacy@example.com', balance: 0, password: 'legacy-secret' });
    const res = await deleteUser('firestore-only', adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: 'firestore-only', authAccountDeleted: false });
    expect(await hasDocument('firestore-only')).toBe(false);
    expect(await auditFor('firestore-only')).toEqual([
      expect.objectContaining({
        summary: 'Customer legacy@example.com deleted',
        before: { 'users/firestore-only.email': 'legacy@example.com', 'users/firestore-only.fullname': null, 'users/firestore-only.balance': 0 },
        after: { 'users/firestore-only': null, 'archivedUsers/firestore-only.retainUntil': expect.any(String) },
        notes: ['The customer had no sign-in account.'],
        adminUid: DEMO_ADMIN.uid
      })
    ]);
    // Casey was not touched.
    expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(true);
    expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(true);
  });
  // Earlier tests leave audit entries, requests and keys behind; the tests below count their own.
  const clear = async (...collections: string[]) => {
    for (const name of collections) {
      const docs = (await db.collection(name).get()).docs;
      await Promise.all(docs.map((d) => d.ref.delete()));
    }
  };

  describe('a customer who still holds money or has open requests', () => {
    const request = (collection: string, n: number, status: string) =>
      db.collection(collection).doc(`${collection}-casey-${n}`).set({ userId: DEMO_CUSTOMER.uid, amount: 100, status });

    beforeEach(async () => {
      await clear('auditLog', 'deposits', 'withdrawals', 'backendOperations');
      await db
        .collection('users')
        .doc(DEMO_CUSTOMER.uid)
        .set({ ...CASEY, balance: 1234.5 });
      await Promise.all([
        request('deposits', 1, 'pending'),
        request('deposits', 2, 'pending'),
        request('deposits', 3, 'success'),
        request('withdrawals', 1, 'pending'),
        request('withdrawals', 2, 'approved'),
        // Another customer's pending request is not Casey's.
        db.collection('deposits').doc('deposits-other').set({ userId: 'someone-else', amount: 5, status: 'pending' })
      ]);
    });

    it('is refused with 409 naming the balance and the open counts, and nothing is deleted or audited', async () => {
      const res = await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key: randomUUID() });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: 'This customer still holds $1,234.50 and has 2 open deposits and 1 open withdrawal.',
        code: 'HOLDS_MONEY',
        balance: 1234.5,
        openDeposits: 2,
        openWithdrawals: 1,
        activeInvestments: { count: 0, amount: 0 },
        activeCompoundInvestments: { count: 0, amount: 0 },
        hint: 'Send the request again with ?force=true to delete the customer anyway.'
      });
      expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(true);
      expect((await auth.getUser(DEMO_CUSTOMER.uid)).disabled).toBe(false);
      expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(true);
      expect(await auditFor(DEMO_CUSTOMER.uid)).toEqual([]);
    });

    it('counts as open what the status rules can still change: failed or status-less deposits, status-less withdrawals', async () => {
      await clear('deposits', 'withdrawals');
      await db.collection('users').doc(DEMO_CUSTOMER.uid).set(CASEY);
      const theirs = { userId: DEMO_CUSTOMER.uid, amount: 5 };
      await Promise.all([
        db
          .collection('deposits')
          .doc('failed')
          .set({ ...theirs, status: 'failed' }),
        db.collection('deposits').doc('no-status').set(theirs),
        db
          .collection('deposits')
          .doc('null-status')
          .set({ ...theirs, status: null }),
        db
          .collection('deposits')
          .doc('locked-odd')
          .set({ ...theirs, status: 'Success' }),
        db.collection('withdrawals').doc('no-status').set(theirs),
        db
          .collection('withdrawals')
          .doc('empty-status')
          .set({ ...theirs, status: '' }),
        db
          .collection('withdrawals')
          .doc('rejected')
          .set({ ...theirs, status: 'rejected' })
      ]);
      const res = await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key: randomUUID() });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        error: 'This customer still holds $0.00 and has 3 open deposits and 2 open withdrawals.',
        openDeposits: 3,
        openWithdrawals: 2
      });
      expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(true);
    });

    it('is deleted with force, and the audit entry at auditLog/{key} records the force and the figures', async () => {
      const key = randomUUID();
      const res = await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key, force: true });
      expect(res.status).toBe(200);
      expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(false);
      expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(false);
      const entry = (await db.collection('auditLog').doc(key).get()).data();
      expect(entry).toMatchObject({
        action: 'user.delete',
        entityPath: `users/${DEMO_CUSTOMER.uid}`,
        before: { [`users/${DEMO_CUSTOMER.uid}.balance`]: 1234.5 },
        notes: ['Deleted with force: the customer held $1,234.50 and had 2 open deposits and 1 open withdrawal.'],
        operationId: key,
        force: true,
        openDeposits: 2,
        openWithdrawals: 1,
        adminUid: DEMO_ADMIN.uid
      });
      expect(await auditFor(DEMO_CUSTOMER.uid)).toHaveLength(1);
      // The deposits and withdrawals themselves stay.
      expect((await db.collection('deposits').where('userId', '==', DEMO_CUSTOMER.uid).get()).size).toBe(3);
    });
  });

  describe('Idempotency-Key', () => {
    const operation = async (key: string) => (await db.collection('backendOperations').doc(key).get()).data();
    beforeEach(() => clear('auditLog', 'deposits', 'withdrawals', 'backendOperations'));

    it('deletes once for one key: a repeat gets the same answer, and the audit entry is at auditLog/{key}', async () => {
      const key = randomUUID();
      const first = await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key });
      const firstBody = await first.text();
      // The customer is back (as if re-created) and a repeat of the key still deletes nothing.
      await db.collection('users').doc(DEMO_CUSTOMER.uid).set(CASEY);
      const second = await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await second.text()).toBe(firstBody);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(true);
      expect(await auditFor(DEMO_CUSTOMER.uid)).toHaveLength(1);
      expect((await db.collection('auditLog').doc(key).get()).data()).toMatchObject({ operationId: key, action: 'user.delete' });
      expect(await operation(key)).toMatchObject({ state: 'done', status: 200, route: 'DELETE /api/deleteUser/:id', adminUid: DEMO_ADMIN.uid });
    });

    it('deletes once when 20 requests with one key arrive at once, and every finished answer is the same', async () => {
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key });
          return { status: res.status, body: await res.text() };
        })
      );
      const done = answers.filter((a) => a.status === 200);
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(new Set(done.map((a) => a.body)).size).toBe(1);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(409);
        expect(a.body).toMatch(/already in progress/);
      }
      expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(false);
      expect(await auditFor(DEMO_CUSTOMER.uid)).toHaveLength(1);
      const again = await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key });
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(done[0]?.body);
    });

    it("refuses a key whose audit entry is a desktop action's (422) before the customer's account is disabled or deleted", async () => {
      const key = randomUUID();
      await db.collection('auditLog').doc(key).set({ action: 'deposit.status', entityPath: 'deposits/d1' });
      const res = await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key });
      expect(res.status).toBe(422);
      expect(await hasAccount(DEMO_CUSTOMER.uid)).toBe(true);
      expect((await auth.getUser(DEMO_CUSTOMER.uid)).disabled).toBe(false);
      expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(true);
    });

    it('refuses the key with another customer (422), and refuses a key that is not a UUID (400)', async () => {
      await db.collection('users').doc('second-customer').set({ email: 'second@example.com', balance: 0 });
      const key = randomUUID();
      expect((await deleteUser(DEMO_CUSTOMER.uid, adminToken, { key })).status).toBe(200);
      const reused = await deleteUser('second-customer', adminToken, { key });
      expect(reused.status).toBe(422);
      expect(await hasDocument('second-customer')).toBe(true);
      const bad = await deleteUser('second-customer', adminToken, { key: 'not-a-uuid' });
      expect(bad.status).toBe(400);
      expect(await hasDocument('second-customer')).toBe(true);
    });
  });

  describe('a customer who still holds active investments', () => {
    const casey = DEMO_CUSTOMER.uid;
    const investment = (id: string, data: Record<string, unknown>) =>
      db
        .collection('investments')
        .doc(id)
        .set({ userId: casey, email: DEMO_CUSTOMER.email, plan: 'Gold', roi: 12, duration: 30, ...data });
    const compound = (id: string, data: Record<string, unknown>) =>
      db
        .collection('compoundInvest')
        .doc(id)
        .set({ email: DEMO_CUSTOMER.email, plan: 'Gold', paytype: 'daily', ...data });
    const HELD =
      'This customer still holds 2 active investments ($1,500.00) and 1 active compound investment ($300.00), and has 0 open deposits and 0 open withdrawals.';

    beforeEach(async () => {
      await clear('auditLog', 'deposits', 'withdrawals', 'investments', 'compoundInvest', 'backendOperations');
      await db.collection('archivedUsers').doc(casey).delete();
      await Promise.all([
        investment('inv-casey-1', { amount: 1000, status: 'active' }),
        // An amount stored as text counts as approval reads it.
        investment('inv-casey-2', { amount: '500.00', status: 'active' }),
        investment('inv-casey-done', { amount: 9000, status: 'completed' }),
        investment('inv-other', { userId: 'someone-else', email: 'someone@example.com', amount: 70, status: 'active' }),
        // Compound investments carry only the e-mail: hers by it, unless the record names another customer.
        compound('cmp-casey', { amount: 300, status: 'active' }),
        compound('cmp-casey-pending', { amount: 800, status: 'pending' }),
        compound('cmp-same-email-other-id', { userId: 'someone-else', amount: 40, status: 'active' })
      ]);
    });
    // The tests after these find a customer without investments.
    afterAll(() => clear('investments', 'compoundInvest'));

    it('is refused with 409 naming them (by userId, and by e-mail where a record has only the e-mail), and nothing is deleted', async () => {
      const res = await deleteUser(casey, adminToken, { key: randomUUID() });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: HELD,
        code: 'HOLDS_MONEY',
        balance: 0,
        openDeposits: 0,
        openWithdrawals: 0,
        activeInvestments: { count: 2, amount: 1500 },
        activeCompoundInvestments: { count: 1, amount: 300 },
        hint: 'Send the request again with ?force=true to delete the customer anyway.'
      });
      expect(await hasDocument(casey)).toBe(true);
      expect((await auth.getUser(casey)).disabled).toBe(false);
      expect(await auditFor(casey)).toEqual([]);
    });

    it('is refused for an active compound investment alone, and deleted once none is active', async () => {
      await clear('investments');
      const res = await deleteUser(casey, adminToken, { key: randomUUID() });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toBe(
        'This customer still holds 1 active compound investment ($300.00) and has 0 open deposits and 0 open withdrawals.'
      );
      expect(await hasDocument(casey)).toBe(true);
      await db.collection('compoundInvest').doc('cmp-casey').update({ status: 'completed' });
      expect((await deleteUser(casey, adminToken, { key: randomUUID() })).status).toBe(200);
      expect(await hasDocument(casey)).toBe(false);
    });

    it('is deleted with force, and the audit entry records the force and what she held', async () => {
      const key = randomUUID();
      const res = await deleteUser(casey, adminToken, { key, force: true });
      expect(res.status).toBe(200);
      expect(await hasDocument(casey)).toBe(false);
      expect(await hasAccount(casey)).toBe(false);
      expect((await db.collection('auditLog').doc(key).get()).data()).toMatchObject({
        force: true,
        activeInvestments: 2,
        activeCompoundInvestments: 1,
        notes: [
          'Deleted with force: the customer held 2 active investments ($1,500.00) and 1 active compound investment ($300.00), and had 0 open deposits and 0 open withdrawals.'
        ]
      });
    });
  });

  it('checks again inside the deletion: a refund landing after the first look is refused with 409 naming it, and the account is enabled again', async () => {
    // The same host, but the store lands a $25 refund on the customer right after her account is
    // disabled: between the route's first look (she held nothing) and the transaction that deletes.
    // Earlier tests deleted her: their archive goes, their audit entries stay and are counted.
    await db.collection('archivedUsers').doc(DEMO_CUSTOMER.uid).delete();
    const entriesBefore = (await auditFor(DEMO_CUSTOMER.uid)).length;
    const store = createFirebaseUserStore(admin);
    const refundMeanwhile: UserStore = {
      ...store,
      async setAccountDisabled(id, disabled) {
        const done = await store.setAccountDisabled(id, disabled);
        if (disabled) await db.collection('users').doc(id).update({ balance: 25 });
        return done;
      }
    };
    const mailer = createSmtpSender('smtp://127.0.0.1:9', DEFAULT_MAIL_FROM);
    const racing = buildBackendHost({
      verifier: createFirebaseVerifier(admin),
      mailer,
      users: refundMeanwhile,
      operations: createFirestoreOperationStore(admin),
      log: () => undefined
    });
    try {
      const url = await racing.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${url}/api/deleteUser/${DEMO_CUSTOMER.uid}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: REASON })
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toMatch(/^This customer still holds \$25\.00/);
      // Nothing deleted, nothing archived or audited, and she can sign in again.
      expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(true);
      expect((await db.collection('archivedUsers').doc(DEMO_CUSTOMER.uid).get()).exists).toBe(false);
      expect(await auditFor(DEMO_CUSTOMER.uid)).toHaveLength(entriesBefore);
      expect((await auth.getUser(DEMO_CUSTOMER.uid)).disabled).toBe(false);
    } finally {
      await racing.close();
      mailer.close();
    }
  });

  it('checks the active investments again inside the deletion: one activated after the first look is refused with 409 naming it', async () => {
    await db.collection('archivedUsers').doc(DEMO_CUSTOMER.uid).delete();
    for (const name of ['investments', 'compoundInvest', 'deposits', 'withdrawals']) {
      const docs = (await db.collection(name).get()).docs;
      await Promise.all(docs.map((d) => d.ref.delete()));
    }
    const entriesBefore = (await auditFor(DEMO_CUSTOMER.uid)).length;
    const store = createFirebaseUserStore(admin);
    const activatedMeanwhile: UserStore = {
      ...store,
      async setAccountDisabled(id, disabled) {
        const done = await store.setAccountDisabled(id, disabled);
        if (disabled) await db.collection('compoundInvest').doc('cmp-late').set({ email: DEMO_CUSTOMER.email, amount: 250, status: 'active' });
        return done;
      }
    };
    const mailer = createSmtpSender('smtp://127.0.0.1:9', DEFAULT_MAIL_FROM);
    const racing = buildBackendHost({
      verifier: createFirebaseVerifier(admin),
      mailer,
      users: activatedMeanwhile,
      operations: createFirestoreOperationStore(admin),
      log: () => undefined
    });
    try {
      const url = await racing.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${url}/api/deleteUser/${DEMO_CUSTOMER.uid}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: REASON })
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toBe(
        'This customer still holds 1 active compound investment ($250.00) and has 0 open deposits and 0 open withdrawals.'
      );
      expect(await hasDocument(DEMO_CUSTOMER.uid)).toBe(true);
      expect(await auditFor(DEMO_CUSTOMER.uid)).toHaveLength(entriesBefore);
      expect((await auth.getUser(DEMO_CUSTOMER.uid)).disabled).toBe(false);
    } finally {
      await racing.close();
      mailer.close();
      await db.collection('compoundInvest').doc('cmp-late').delete();
    }
  });
});
