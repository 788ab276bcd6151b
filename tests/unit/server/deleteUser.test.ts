import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBackendHost } from '../../../server/app';
import { TokenRejectedError, VerifierUnavailableError, type TokenVerifier } from '../../../server/auth';
import type { MailSender } from '../../../server/mailer';
import { customerIdProblem, NO_SIGN_IN_ACCOUNT, NO_USERS_DOCUMENT } from '../../../server/routes/deleteUser';
import { fakeCustomerStore, type FakeCustomerStore } from './fakeCustomers';

// Fake tokens: the token string names the caller.
const CALLERS: Record<string, { uid: string; claims: Record<string, unknown> }> = {
  'admin-token': { uid: 'admin-uid', claims: { admin: true, email: 'admin@acme.test' } },
  'customer-token': { uid: 'cust-1', claims: { email: 'olivia@example.com' } },
  'named-admin-token': { uid: 'named-admin-uid', claims: { admin: true } }
};

const fakeVerifier: TokenVerifier = {
  async verifyIdToken(token) {
    if (token === 'expired-token') throw new TokenRejectedError('The sign-in token has expired. Sign in again.');
    if (token === 'down-token') throw new VerifierUnavailableError('ECONNREFUSED');
    const caller = CALLERS[token];
    if (!caller) throw new Error('Decoding Firebase ID token failed.');
    return caller;
  }
};

const noMail: MailSender = {
  send: async () => {
    throw new Error('no mail in these tests');
  },
  close: () => undefined
};

const OLIVIA = { fullname: 'Olivia Stone', email: 'olivia@example.com', balance: 120.5, password: 'hunter2', Totaldeposit: 300 };

describe('backend host: DELETE /api/deleteUser/:id', () => {
  let app: FastifyInstance;
  let store: FakeCustomerStore;
  let lines: string[];

  const build = (adminUid: string | null = null) => {
    app = buildBackendHost({ verifier: fakeVerifier, mailer: noMail, customers: store, adminUid, log: (line) => lines.push(line) });
  };

  beforeEach(() => {
    lines = [];
    store = fakeCustomerStore();
    store.accounts.set('cust-1', { email: 'olivia@example.com', admin: false });
    store.documents.set('cust-1', { ...OLIVIA });
    store.accounts.set('admin-uid', { email: 'admin@acme.test', admin: true });
    store.accounts.set('other-admin', { email: 'boss@acme.test', admin: true });
    store.documents.set('other-admin', { fullname: 'The Boss' });
    store.accounts.set('named-admin-uid', { email: 'named@acme.test', admin: true });
    build();
  });
  afterEach(() => app.close());

  const del = (id: string, token: string | null = 'admin-token', headers: Record<string, string> = {}) =>
    app.inject({
      method: 'DELETE',
      url: `/api/deleteUser/${id}`,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers }
    });

  const nothingDeleted = () => {
    expect(store.calls.filter((call) => call.startsWith('delete'))).toEqual([]);
    expect(store.accounts.has('cust-1')).toBe(true);
    expect(store.documents.get('cust-1')).toEqual(OLIVIA);
    expect(store.auditLog).toEqual([]);
  };

  it('deletes the sign-in account and the document, and audits it like the desktop app', async () => {
    const res = await del('cust-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: 'cust-1', authAccountDeleted: true });
    expect(store.accounts.has('cust-1')).toBe(false);
    expect(store.documents.has('cust-1')).toBe(false);
    expect(store.auditLog).toEqual([
      {
        kind: 'user',
        action: 'user.delete',
        entityPath: 'users/cust-1',
        summary: 'Customer Olivia Stone deleted',
        before: { 'users/cust-1.email': 'olivia@example.com', 'users/cust-1.fullname': 'Olivia Stone', 'users/cust-1.balance': 120.5 },
        after: { 'users/cust-1': null },
        notes: [],
        reason: null,
        adminUid: 'admin-uid',
        adminEmail: 'admin@acme.test'
      }
    ]);
    // The sign-in account goes first, then the document in one transaction with the audit entry.
    expect(store.calls.filter((call) => call.startsWith('delete'))).toEqual(['deleteAccount:cust-1', 'deleteDocument:cust-1']);
  });

  it('never returns, logs or audits the password', async () => {
    const res = await del('cust-1');
    expect(res.statusCode).toBe(200);
    expect(`${res.body}\n${lines.join('\n')}\n${JSON.stringify(store.auditLog)}`).not.toContain('hunter2');
    expect(JSON.stringify(store.auditLog)).not.toMatch(/password/i);
  });

  it('deletes a customer without a sign-in account, and says so in the audit entry', async () => {
    store.documents.set('doc-only', { email: 'dora@example.com', balance: 0 });
    const res = await del('doc-only');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: 'doc-only', authAccountDeleted: false });
    expect(store.documents.has('doc-only')).toBe(false);
    expect(store.calls).not.toContain('deleteAccount:doc-only');
    expect(store.auditLog).toEqual([
      expect.objectContaining({
        summary: 'Customer dora@example.com deleted',
        before: { 'users/doc-only.email': 'dora@example.com', 'users/doc-only.fullname': null, 'users/doc-only.balance': 0 },
        after: { 'users/doc-only': null },
        notes: [NO_SIGN_IN_ACCOUNT]
      })
    ]);
  });

  it('notes a sign-in account that disappeared between the lookup and the deletion (auth/user-not-found)', async () => {
    store.deleteAccount = async (id) => {
      store.calls.push(`deleteAccount:${id}`);
      return false;
    };
    const res = await del('cust-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: 'cust-1', authAccountDeleted: false });
    expect(store.documents.has('cust-1')).toBe(false);
    expect(store.auditLog[0]?.notes).toEqual([NO_SIGN_IN_ACCOUNT]);
  });

  it('deletes a sign-in account without a document, naming it by its e-mail address', async () => {
    store.accounts.set('auth-only', { email: 'ann@example.com', admin: false });
    const res = await del('auth-only');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: 'auth-only', authAccountDeleted: true });
    expect(store.accounts.has('auth-only')).toBe(false);
    expect(store.auditLog).toEqual([
      expect.objectContaining({
        summary: 'Customer ann@example.com deleted',
        before: { 'users/auth-only.email': null, 'users/auth-only.fullname': null, 'users/auth-only.balance': null },
        notes: [NO_USERS_DOCUMENT]
      })
    ]);
  });

  it('names the customer by id when there is neither a name nor an e-mail address', async () => {
    store.documents.set('bare', { fullname: '  ', balance: 5 });
    expect((await del('bare')).statusCode).toBe(200);
    expect(store.auditLog[0]?.summary).toBe('Customer bare deleted');
  });

  it.each([
    ['no Authorization header', null],
    ['an invalid token', 'garbage'],
    ['an expired token', 'expired-token']
  ])('answers 401 JSON for %s, and deletes nothing', async (_label, token) => {
    const res = await del('cust-1', token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json().error).toMatch(/^[A-Z].*\.$/);
    expect(store.calls).toEqual([]);
    nothingDeleted();
  });

  it('answers 403 for a customer, even deleting themselves, and deletes nothing', async () => {
    for (const id of ['cust-1', 'doc-only']) {
      const res = await del(id, 'customer-token');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'This account is not the Ledgerdesk administrator.' });
    }
    expect(store.calls).toEqual([]);
    nothingDeleted();
  });

  it('answers 503 when the token cannot be checked, and deletes nothing', async () => {
    expect((await del('cust-1', 'down-token')).statusCode).toBe(503);
    nothingDeleted();
  });

  it.each([
    ['the caller’s own account', 'admin-uid'],
    ['an account with the admin claim', 'other-admin']
  ])('refuses to delete %s with 409', async (_label, id) => {
    const res = await del(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "The administrator's account cannot be deleted." });
    expect(store.accounts.has(id)).toBe(true);
    expect(store.documents.get('other-admin')).toEqual({ fullname: 'The Boss' });
    nothingDeleted();
  });

  it('with adminUid set, refuses every other administrator and never deletes the named account', async () => {
    await app.close();
    build('named-admin-uid');
    expect((await del('cust-1', 'admin-token')).statusCode).toBe(403);
    nothingDeleted();
    const res = await del('named-admin-uid', 'named-admin-token');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "The administrator's account cannot be deleted." });
    expect(store.accounts.has('named-admin-uid')).toBe(true);
    // The named administrator may delete customers; without an e-mail claim the audit says null.
    const ok = await del('cust-1', 'named-admin-token');
    expect(ok.statusCode).toBe(200);
    expect(store.auditLog[0]).toMatchObject({ adminUid: 'named-admin-uid', adminEmail: null });
  });

  it.each([
    ['a 129-character id', 'x'.repeat(129), /1 to 128 characters/],
    ['an id with an encoded slash', 'a%2Fb', /must not contain '\/'/],
    ['a reserved Firestore id', '__name__', /not a valid customer id/]
  ])('answers 400 JSON for %s, and deletes nothing', async (_label, id, message) => {
    const res = await del(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    nothingDeleted();
  });

  it('answers 400 JSON for an empty id, and deletes nothing', async () => {
    const res = await del('');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/1 to 128 characters/);
    nothingDeleted();
  });

  // '.' and '..' never reach the route through a URL (clients resolve dot segments), but the rule holds them too.
  it('treats ".", ".." and __reserved__ ids as invalid, and ordinary ids as valid', () => {
    for (const id of ['.', '..', '__x__']) expect(customerIdProblem(id)).toMatch(/not a valid customer id/);
    for (const id of ['...', 'a.b', '_x_', 'ledgerdesk-demo-customer', 'z'.repeat(128)]) expect(customerIdProblem(id)).toBeNull();
  });

  it('accepts a 128-character id (and answers 404 when there is no such customer)', async () => {
    const id = 'y'.repeat(128);
    const res = await del(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: `No customer with id ${id}.` });
  });

  it('answers 404 JSON for an unknown id, and deletes nothing', async () => {
    const res = await del('nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No customer with id nobody.' });
    nothingDeleted();
  });

  it('answers 404 when someone else deleted the customer between the lookup and the deletion', async () => {
    store.documents.set('racy', { fullname: 'Racy' });
    const findDocument = store.findDocument.bind(store);
    store.findDocument = async (id) => {
      const found = await findDocument(id);
      store.documents.delete(id);
      return found;
    };
    const res = await del('racy');
    expect(res.statusCode).toBe(404);
    expect(store.auditLog).toEqual([]);
  });

  it('answers 502 when Firebase Auth fails to delete the account, and leaves the document alone', async () => {
    store.failures.deleteAccount = 'Firebase Auth did not delete the sign-in account: quota exceeded';
    const res = await del('cust-1');
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error).toMatch(/^The sign-in account could not be deleted, so nothing was deleted: .*quota exceeded/);
    expect(store.calls).not.toContain('deleteDocument:cust-1');
    expect(store.documents.get('cust-1')).toEqual(OLIVIA);
    expect(store.auditLog).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^delete-user auth deletion failed: .*quota exceeded$/));
  });

  it('answers 502 when the customer cannot be looked up, and deletes nothing', async () => {
    store.failures.findDocument = 'Firestore could not read the customer: 14 UNAVAILABLE';
    const res = await del('cust-1');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/could not be looked up, so nothing was deleted: .*UNAVAILABLE/);
    nothingDeleted();
  });

  it('answers 502 saying what happened when the document cannot be deleted after the account was', async () => {
    store.failures.deleteDocument = 'Firestore did not delete the customer: 14 UNAVAILABLE';
    const res = await del('cust-1');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^The sign-in account was deleted, but the customer document was not: .*Try again\.$/);
    // A retry finishes the job: the account is already gone, the document and the audit entry follow.
    delete store.failures.deleteDocument;
    const retry = await del('cust-1');
    expect(retry.json()).toEqual({ ok: true, id: 'cust-1', authAccountDeleted: false });
    expect(store.documents.has('cust-1')).toBe(false);
    expect(store.auditLog).toHaveLength(1);
  });

  it('does not refuse a bodiless DELETE sent with a JSON content type', async () => {
    const res = await del('cust-1', 'admin-token', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(200);
  });

  it('logs method, path and status, never the token', async () => {
    await del('cust-1');
    await del('cust-1', 'customer-token');
    expect(lines).toEqual([
      expect.stringMatching(/^DELETE \/api\/deleteUser\/cust-1 200 \d+ms$/),
      expect.stringMatching(/^DELETE \/api\/deleteUser\/cust-1 403 \d+ms$/)
    ]);
    expect(lines.join('\n')).not.toMatch(/token/);
  });

  it('answers 404 JSON for other methods on the route', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/deleteUser/cust-1', headers: { authorization: 'Bearer admin-token' } });
      expect(res.statusCode).toBe(404);
    }
    nothingDeleted();
  });
});
