import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBackendHost } from '../../../server/app';
import { TokenRejectedError, VerifierUnavailableError, type TokenVerifier } from '../../../server/auth';
import type { MailSender } from '../../../server/mailer';
import { fingerprintOf, LEASE_MS } from '../../../server/operations';
import { customerIdProblem, NO_SIGN_IN_ACCOUNT, NO_USERS_DOCUMENT } from '../../../server/routes/deleteUser';
import { fakeUserStore, type FakeUserStore } from '../../support/fakes/fakeUsers';
import { fakeOperationStore, type FakeOperationStore } from '../../support/fakes/fakeOperations';

// Fake tokens: the token string names the caller, whose password was typed a minute before the host's clock says now.
const CALLERS: Record<string, { uid: string; claims: Record<string, unknown> }> = {
  'admin-token': { uid: 'admin-uid', claims: { admin: true, email: 'admin@acme.test' } },
  'customer-token': { uid: 'cust-1', claims: { email: 'olivia@example.com' } },
  'named-admin-token': { uid: 'named-admin-uid', claims: { admin: true } }
};

const fakeVerifier = (now: () => number): TokenVerifier => ({
  async verifyIdToken(token) {
    if (token === 'expired-token') throw new TokenRejectedError('The sign-in token has expired. Sign in again.');
    if (token === 'down-token') throw new VerifierUnavailableError('ECONNREFUSED');
    const caller = CALLERS[token];
    if (!caller) throw new Error('Decoding Firebase ID token failed.');
    return { uid: caller.uid, claims: { ...caller.claims, auth_time: Math.floor(now() / 1000) - 60 } };
  }
});

const noMail: MailSender = {
  send: async () => {
    throw new Error('no mail in these tests');
  },
  close: () => undefined
};

// Olivia holds nothing, so she may be deleted without force.
const OLIVIA = { fullname: 'Olivia Stone', email: 'olivia@example.com', balance: 0, password: 'hunter2', Totaldeposit: 300 };

/** Every deletion says why (5 to 500 characters); the archive keeps it. */
const WHY = { reason: 'Account closed at the customer’s request' };

describe('backend host: DELETE /api/deleteUser/:id', () => {
  let app: FastifyInstance;
  let store: FakeUserStore;
  let operations: FakeOperationStore;
  let lines: string[];
  let clock: number;

  const build = (adminUid: string | null = null) => {
    app = buildBackendHost({
      verifier: fakeVerifier(() => clock),
      mailer: noMail,
      users: store,
      operations,
      now: () => clock,
      adminUid,
      log: (line) => lines.push(line)
    });
  };

  beforeEach(() => {
    lines = [];
    clock = Date.UTC(2026, 0, 15, 12);
    store = fakeUserStore();
    operations = fakeOperationStore();
    store.accounts.set('cust-1', { email: 'olivia@example.com', admin: false, disabled: false });
    store.documents.set('cust-1', { ...OLIVIA });
    store.accounts.set('admin-uid', { email: 'admin@acme.test', admin: true, disabled: false });
    store.accounts.set('other-admin', { email: 'boss@acme.test', admin: true, disabled: false });
    store.documents.set('other-admin', { fullname: 'The Boss' });
    store.accounts.set('named-admin-uid', { email: 'named@acme.test', admin: true, disabled: false });
    build();
  });
  afterEach(() => app.close());

  const del = (id: string, token: string | null = 'admin-token', headers: Record<string, string> = {}) =>
    app.inject({
      method: 'DELETE',
      url: `/api/deleteUser/${id}`,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
      payload: WHY
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
        before: { 'users/cust-1.email': 'olivia@example.com', 'users/cust-1.fullname': 'Olivia Stone', 'users/cust-1.balance': 0 },
        after: { 'users/cust-1': null, 'archivedUsers/cust-1.retainUntil': '2031-01-15' },
        notes: [],
        reason: WHY.reason,
        adminUid: 'admin-uid',
        adminEmail: 'admin@acme.test',
        operationId: null,
        force: false,
        openDeposits: 0,
        openWithdrawals: 0,
        activeInvestments: 0,
        activeCompoundInvestments: 0,
        answer: { ok: true, id: 'cust-1', authAccountDeleted: true }
      }
    ]);
    // The sign-in account is disabled first, the document goes in one transaction with the audit
    // entry (which checks the figures again), and the sign-in account last.
    expect(store.calls.filter((call) => /^(delete|setAccount)/.test(call))).toEqual([
      'setAccountDisabled:cust-1:true',
      'deleteDocument:cust-1',
      'deleteAccount:cust-1'
    ]);
  });

  it('keeps the whole document at archivedUsers/{id} with the reason, the administrator, the operation and five years of retention, never the password', async () => {
    store.documents.set('cust-1', { ...OLIVIA, kyc: { status: 'approved', idFrontURL: 'https://storage.test/front.jpg' } });
    const res = await del('cust-1', 'admin-token', { 'idempotency-key': '6f1c2a3e-1b2c-4d5e-8f90-123456789abc' });
    expect(res.statusCode).toBe(200);
    const archive = store.archives.get('cust-1');
    expect(archive).toMatchObject({
      id: 'cust-1',
      reason: WHY.reason,
      adminUid: 'admin-uid',
      adminEmail: 'admin@acme.test',
      operationId: '6f1c2a3e-1b2c-4d5e-8f90-123456789abc',
      email: 'olivia@example.com',
      emailLower: 'olivia@example.com',
      hadPasswordField: true,
      retainUntil: new Date(Date.UTC(2031, 0, 15, 12))
    });
    expect(archive?.user).toMatchObject({ fullname: 'Olivia Stone', kyc: { status: 'approved', idFrontURL: 'https://storage.test/front.jpg' } });
    expect(JSON.stringify(archive)).not.toContain('hunter2');
  });

  it.each([[{}], [{ reason: 'why' }], [{ reason: 'x'.repeat(501) }], [{ reason: 42 }]])(
    'refuses a deletion without a usable reason (%j) and deletes nothing',
    async (body) => {
      const res = await app.inject({ method: 'DELETE', url: '/api/deleteUser/cust-1', headers: { authorization: 'Bearer admin-token' }, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/reason/);
      nothingDeleted();
    }
  );

  it('keeps the archive as long as the host is told (retainYears), from 29 February to 28 February', async () => {
    clock = Date.UTC(2028, 1, 29, 9);
    await app.close();
    app = buildBackendHost({
      verifier: fakeVerifier(() => clock),
      mailer: noMail,
      users: store,
      operations,
      now: () => clock,
      retainYears: 7,
      log: () => undefined
    });
    expect((await del('cust-1')).statusCode).toBe(200);
    expect(store.archives.get('cust-1')?.retainUntil).toEqual(new Date(Date.UTC(2035, 1, 28, 9)));
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
        after: { 'users/doc-only': null, 'archivedUsers/doc-only.retainUntil': '2031-01-15' },
        notes: [NO_SIGN_IN_ACCOUNT]
      })
    ]);
  });

  it('notes a sign-in account that disappeared between the lookup and the deletion (auth/user-not-found)', async () => {
    store.setAccountDisabled = async (id) => {
      store.calls.push(`setAccountDisabled:${id}`);
      return false;
    };
    const res = await del('cust-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: 'cust-1', authAccountDeleted: false });
    expect(store.documents.has('cust-1')).toBe(false);
    expect(store.auditLog[0]?.notes).toEqual([NO_SIGN_IN_ACCOUNT]);
  });

  it('deletes a sign-in account without a document, naming it by its e-mail address', async () => {
    store.accounts.set('auth-only', { email: 'ann@example.com', admin: false, disabled: false });
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
    store.documents.set('bare', { fullname: '  ', balance: 0 });
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

  it('answers 502 when Firebase Auth fails to delete the account after the document, and a retry finishes it', async () => {
    store.failures.deleteAccount = 'Firebase Auth did not delete the sign-in account: quota exceeded';
    const res = await del('cust-1');
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error).toMatch(/^The customer document was deleted, but the sign-in account \(now disabled\) was not: .*quota exceeded/);
    expect(store.documents.has('cust-1')).toBe(false);
    // The account stays disabled: the customer cannot sign in to a platform that no longer has them.
    expect(store.accounts.get('cust-1')).toMatchObject({ disabled: true });
    expect(lines).toContainEqual(expect.stringMatching(/^delete-user auth deletion failed: .*quota exceeded$/));
  });

  it('answers 502 and deletes nothing when the sign-in account cannot be disabled', async () => {
    store.failures.setAccountDisabled = 'Firebase Auth did not disable the sign-in account: quota exceeded';
    const res = await del('cust-1');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^The sign-in account could not be disabled, so nothing was deleted: .*quota exceeded/);
    nothingDeleted();
  });

  it('answers 502 when the customer cannot be looked up, and deletes nothing', async () => {
    store.failures.findDocument = 'Firestore could not read the customer: 14 UNAVAILABLE';
    const res = await del('cust-1');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/could not be looked up, so nothing was deleted: .*UNAVAILABLE/);
    nothingDeleted();
  });

  it('answers 502 when the document cannot be deleted, deletes nothing and enables the account again', async () => {
    store.failures.deleteDocument = 'Firestore did not delete the customer: 14 UNAVAILABLE';
    const res = await del('cust-1');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^Nothing was deleted: .*Try again\.$/);
    expect(store.accounts.get('cust-1')).toMatchObject({ disabled: false });
    expect(store.documents.get('cust-1')).toEqual(OLIVIA);
    delete store.failures.deleteDocument;
    const retry = await del('cust-1');
    expect(retry.json()).toEqual({ ok: true, id: 'cust-1', authAccountDeleted: true });
    expect(store.documents.has('cust-1')).toBe(false);
    expect(store.accounts.has('cust-1')).toBe(false);
    expect(store.auditLog).toHaveLength(1);
  });

  describe('the final check inside the deletion', () => {
    it.each([
      ['a refund landing on the balance', { balance: 25 }, undefined, 'This customer still holds $25.00 and has 0 open deposits and 0 open withdrawals.'],
      ['a deposit request arriving', {}, { deposits: 1, withdrawals: 0 }, 'This customer still holds $0.00 and has 1 open deposit and 0 open withdrawals.']
    ])('refuses with 409 naming the new figures after %s, deletes nothing and enables the account again', async (_label, patch, open, message) => {
      store.beforeFinalCheck = (id) => {
        store.documents.set(id, { ...OLIVIA, ...patch });
        if (open) store.open.set(id, open);
      };
      const res = await del('cust-1');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(message);
      expect(store.documents.has('cust-1')).toBe(true);
      expect(store.accounts.get('cust-1')).toMatchObject({ disabled: false });
      expect(store.calls).not.toContain('deleteAccount:cust-1');
      expect(store.auditLog).toEqual([]);
    });

    it('with force deletes anyway and records the figures of the final check', async () => {
      store.beforeFinalCheck = (id) => store.documents.set(id, { ...OLIVIA, balance: 25 });
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/deleteUser/cust-1?force=true',
        headers: { authorization: 'Bearer admin-token' },
        payload: WHY
      });
      expect(res.statusCode).toBe(200);
      expect(store.auditLog[0]).toMatchObject({ notes: ['Deleted with force: the customer held $25.00 and had 0 open deposits and 0 open withdrawals.'] });
    });

    it('leaves an account that was already disabled disabled after a refusal', async () => {
      store.accounts.set('cust-1', { email: 'olivia@example.com', admin: false, disabled: true });
      store.beforeFinalCheck = (id) => store.documents.set(id, { ...OLIVIA, balance: 25 });
      expect((await del('cust-1')).statusCode).toBe(409);
      expect(store.accounts.get('cust-1')).toMatchObject({ disabled: true });
      expect(store.calls.filter((call) => call.startsWith('setAccountDisabled'))).toEqual([]);
    });
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
  describe('a customer who still holds money or has pending requests', () => {
    const RICH = { fullname: 'Rhea Gold', email: 'rhea@example.com', balance: 1234.5, password: 'hunter3' };
    beforeEach(() => {
      store.accounts.set('rich', { email: 'rhea@example.com', admin: false, disabled: false });
      store.documents.set('rich', { ...RICH });
    });

    const untouched = (id: string) => {
      expect(store.calls.filter((call) => call.startsWith('delete'))).toEqual([]);
      expect(store.accounts.has(id)).toBe(true);
      expect(store.documents.has(id)).toBe(true);
      expect(store.auditLog).toEqual([]);
    };

    it('is refused with 409 naming the balance as money and the pending counts, and nothing is deleted', async () => {
      store.open.set('rich', { deposits: 2, withdrawals: 1 });
      const res = await del('rich');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'This customer still holds $1,234.50 and has 2 open deposits and 1 open withdrawal.',
        code: 'HOLDS_MONEY',
        balance: 1234.5,
        openDeposits: 2,
        openWithdrawals: 1,
        activeInvestments: { count: 0, amount: 0 },
        activeCompoundInvestments: { count: 0, amount: 0 },
        hint: 'Send the request again with ?force=true to delete the customer anyway.'
      });
      untouched('rich');
    });

    const held = (count: number, cents: number, unreadable = 0) => ({ count, cents, unreadable });
    const none = held(0, 0);
    it.each([
      [
        'active investments and an active compound investment',
        { investments: held(2, 150_000), compound: held(1, 30_000) },
        'This customer still holds 2 active investments ($1,500.00) and 1 active compound investment ($300.00), and has 0 open deposits and 0 open withdrawals.'
      ],
      [
        'one active investment',
        { investments: held(1, 50_000), compound: none },
        'This customer still holds 1 active investment ($500.00) and has 0 open deposits and 0 open withdrawals.'
      ],
      [
        'active compound investments, one amount unreadable',
        { investments: none, compound: held(2, 30_000, 1) },
        'This customer still holds 2 active compound investments ($300.00, 1 of them with an amount that is not a number) and has 0 open deposits and 0 open withdrawals.'
      ]
    ])('is refused for %s, naming them', async (_label, active, message) => {
      store.documents.set('rich', { ...RICH, balance: 0 });
      store.active.set('rich', active);
      const res = await del('rich');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: message,
        activeInvestments: { count: active.investments.count, amount: active.investments.cents / 100 },
        activeCompoundInvestments: { count: active.compound.count, amount: active.compound.cents / 100 }
      });
      untouched('rich');
    });

    it('names the balance first when the customer also holds money', async () => {
      store.active.set('rich', { investments: held(1, 50_000), compound: none });
      expect((await del('rich')).json().error).toBe(
        'This customer still holds $1,234.50 and 1 active investment ($500.00), and has 0 open deposits and 0 open withdrawals.'
      );
    });

    it('checks the active investments again inside the deletion: one activated after the first look refuses it', async () => {
      store.documents.set('rich', { ...RICH, balance: 0 });
      store.beforeFinalCheck = (id) => store.active.set(id, { investments: held(1, 50_000), compound: none });
      const res = await del('rich');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('This customer still holds 1 active investment ($500.00) and has 0 open deposits and 0 open withdrawals.');
      expect(store.documents.has('rich')).toBe(true);
      expect(store.auditLog).toEqual([]);
      expect(store.accounts.get('rich')?.disabled).toBe(false);
    });

    it.each([
      ['a balance alone', { balance: 0.1 }, undefined, 'This customer still holds $0.10 and has 0 open deposits and 0 open withdrawals.'],
      ['a negative balance', { balance: -12 }, undefined, 'This customer still holds -$12.00 and has 0 open deposits and 0 open withdrawals.'],
      ['a balance stored as text', { balance: '250.00' }, undefined, 'This customer still holds $250.00 and has 0 open deposits and 0 open withdrawals.'],
      [
        'a balance that is not a number',
        { balance: '1,234.00' },
        undefined,
        'This customer still holds a balance that is not a number ("1,234.00") and has 0 open deposits and 0 open withdrawals.'
      ],
      ['one open deposit', { balance: 0 }, { deposits: 1, withdrawals: 0 }, 'This customer still holds $0.00 and has 1 open deposit and 0 open withdrawals.'],
      [
        'pending withdrawals',
        { balance: 0 },
        { deposits: 0, withdrawals: 3 },
        'This customer still holds $0.00 and has 0 open deposits and 3 open withdrawals.'
      ]
    ])('is refused for %s', async (_label, patch, pending, message) => {
      store.documents.set('rich', { ...RICH, ...patch });
      if (pending) store.open.set('rich', pending);
      const res = await del('rich');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(message);
      untouched('rich');
    });

    it('is deleted with ?force=true, and the audit entry records the force and the figures', async () => {
      store.open.set('rich', { deposits: 2, withdrawals: 1 });
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/deleteUser/rich?force=true',
        headers: { authorization: 'Bearer admin-token' },
        payload: WHY
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, id: 'rich', authAccountDeleted: true });
      expect(store.accounts.has('rich')).toBe(false);
      expect(store.documents.has('rich')).toBe(false);
      expect(store.auditLog).toEqual([
        expect.objectContaining({
          summary: 'Customer Rhea Gold deleted',
          before: { 'users/rich.email': 'rhea@example.com', 'users/rich.fullname': 'Rhea Gold', 'users/rich.balance': 1234.5 },
          notes: ['Deleted with force: the customer held $1,234.50 and had 2 open deposits and 1 open withdrawal.'],
          force: true,
          openDeposits: 2,
          openWithdrawals: 1
        })
      ]);
      expect(JSON.stringify(store.auditLog)).not.toContain('hunter3');
    });

    it('records force on a customer who held nothing, without a note', async () => {
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/deleteUser/cust-1?force=true',
        headers: { authorization: 'Bearer admin-token' },
        payload: WHY
      });
      expect(res.statusCode).toBe(200);
      expect(store.auditLog[0]).toMatchObject({ force: true, notes: [], openDeposits: 0, openWithdrawals: 0 });
    });

    it.each(['yes', '1', ''])('answers 400 for force=%s, and deletes nothing', async (value) => {
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/deleteUser/rich?force=${value}`,
        headers: { authorization: 'Bearer admin-token' },
        payload: WHY
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/force must be 'true' or 'false'/);
      untouched('rich');
    });

    it('never refuses for money when the customer is already gone (404 stays 404)', async () => {
      store.open.set('ghost', { deposits: 4, withdrawals: 0 });
      expect((await del('ghost')).statusCode).toBe(404);
    });

    it('answers 502 when the pending requests cannot be counted, and deletes nothing', async () => {
      store.failures.openRequests = "Firestore could not count the customer's open requests: 14 UNAVAILABLE";
      const res = await del('cust-1');
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/could not be looked up, so nothing was deleted: .*UNAVAILABLE/);
      nothingDeleted();
    });
  });

  describe('Idempotency-Key', () => {
    const KEY = '6a1f3c2e-9b8d-4e7f-a6b5-c4d3e2f1a0b9';
    const OTHER_KEY = '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b';
    const keyed = (id: string, key = KEY, query = '') =>
      app.inject({
        method: 'DELETE',
        url: `/api/deleteUser/${id}${query}`,
        headers: { authorization: 'Bearer admin-token', 'idempotency-key': key },
        payload: WHY
      });

    it('deletes once for one key and answers a repeat with the same answer', async () => {
      const first = await keyed('cust-1');
      const second = await keyed('cust-1');
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(store.calls.filter((call) => call.startsWith('delete'))).toEqual(['deleteDocument:cust-1', 'deleteAccount:cust-1']);
      expect(store.auditLog).toHaveLength(1);
    });

    it('writes the audit entry at auditLog/{key}, carrying the key', async () => {
      await keyed('cust-1', KEY.toUpperCase());
      expect(store.auditById.get(KEY)).toMatchObject({ operationId: KEY, action: 'user.delete', entityPath: 'users/cust-1' });
    });

    it('deletes once when 20 requests with one key arrive at once; the others are told it is in progress', async () => {
      // The first deletion is held at Firebase Auth until the other 19 have been answered.
      let release = () => undefined as void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      const deleteAccount = store.deleteAccount.bind(store);
      store.deleteAccount = async (id) => {
        await hold;
        return deleteAccount(id);
      };
      const pending = Promise.all(Array.from({ length: 20 }, () => keyed('cust-1')));
      await vi.waitFor(() => expect(lines.filter((line) => line.startsWith('DELETE /api/deleteUser/cust-1 409'))).toHaveLength(19));
      release();
      const answers = await pending;
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
      for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().error).toMatch(/already in progress/);
      expect(store.calls.filter((call) => call === 'deleteAccount:cust-1')).toHaveLength(1);
      expect(store.auditLog).toHaveLength(1);
      // Once the first has answered, a repeat gets its answer.
      const winner = answers.find((res) => res.statusCode === 200);
      expect((await keyed('cust-1')).body).toBe(winner?.body);
    });

    it('refuses the key with another customer or another force (422), and deletes nothing more', async () => {
      store.documents.set('doc-only', { email: 'dora@example.com', balance: 0 });
      expect((await keyed('cust-1')).statusCode).toBe(200);
      for (const [id, query] of [
        ['doc-only', ''],
        ['cust-1', '?force=true']
      ] as const) {
        const res = await keyed(id, KEY, query);
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toMatch(/already used for a different request/);
      }
      expect(store.documents.has('doc-only')).toBe(true);
      expect(store.auditLog).toHaveLength(1);
    });

    it.each([
      ['not a UUID', 'retry-1'],
      ['two keys', `${KEY}, ${OTHER_KEY}`],
      ['empty', '']
    ])('answers 400 for a key that is %s, and deletes nothing', async (_label, key) => {
      const res = await keyed('cust-1', key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Idempotency-Key header must be one UUID/);
      nothingDeleted();
      expect(operations.records.size).toBe(0);
    });

    it('lets the same key run again after a refusal or a failure that deleted nothing', async () => {
      store.documents.set('cust-1', { ...OLIVIA, balance: 10 });
      expect((await keyed('cust-1')).statusCode).toBe(409);
      expect(operations.records.get(KEY)?.state).toBe('failed');
      store.documents.set('cust-1', { ...OLIVIA });
      store.failures.findAccount = 'Firebase Auth could not look up the account: 14 UNAVAILABLE';
      expect((await keyed('cust-1')).statusCode).toBe(502);
      delete store.failures.findAccount;
      const res = await keyed('cust-1');
      expect(res.statusCode).toBe(200);
      expect(store.auditLog).toHaveLength(1);
      expect(operations.records.get(KEY)).toMatchObject({ state: 'done', attempts: 3, status: 200 });
    });

    it('finishes a half-done deletion under the same key: the sign-in account left behind is deleted, the answer is the first one', async () => {
      store.failures.deleteAccount = 'Firebase Auth did not delete the sign-in account: 14 UNAVAILABLE';
      expect((await keyed('cust-1')).statusCode).toBe(502);
      expect(store.documents.has('cust-1')).toBe(false);
      delete store.failures.deleteAccount;
      const res = await keyed('cust-1');
      expect(res.json()).toEqual({ ok: true, id: 'cust-1', authAccountDeleted: true });
      expect(store.accounts.has('cust-1')).toBe(false);
      expect(store.auditLog).toEqual([expect.objectContaining({ notes: [], answer: { ok: true, id: 'cust-1', authAccountDeleted: true } })]);
    });

    it("refuses a key whose audit entry is another action's (422) before anything is disabled or deleted", async () => {
      store.auditById.set(KEY, { action: 'deposit.status', entityPath: 'deposits/d1' });
      const res = await keyed('cust-1');
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(/already used for a different request/);
      expect(store.calls.filter((call) => /^(delete|setAccount)/.test(call))).toEqual([]);
      expect(store.accounts.get('cust-1')).toMatchObject({ disabled: false });
      expect(store.documents.get('cust-1')).toEqual(OLIVIA);
    });

    it('answers 409 while the same key is running, and takes over once its lease has run out', async () => {
      operations.records.set(KEY, {
        route: 'DELETE /api/deleteUser/:id',
        fingerprint: fingerprintOf(['DELETE /api/deleteUser/:id', 'cust-1', false]),
        adminUid: 'admin-uid',
        state: 'running',
        startedAtMs: clock - 1_000,
        attempts: 1,
        status: null,
        body: null,
        progress: {}
      });
      expect((await keyed('cust-1')).statusCode).toBe(409);
      nothingDeleted();
      clock += LEASE_MS;
      const res = await keyed('cust-1');
      expect(res.statusCode).toBe(200);
      expect(store.auditLog).toHaveLength(1);
    });

    it('answers the first answer again, from auditLog/{key}, when the host could not record it and the lease ran out', async () => {
      operations.failures.finish = 'Firestore: 14 UNAVAILABLE';
      const first = await keyed('cust-1');
      expect(first.statusCode).toBe(200);
      expect(lines).toContainEqual(expect.stringMatching(/idempotency key could not be closed: .*UNAVAILABLE/));
      delete operations.failures.finish;
      expect((await keyed('cust-1')).statusCode).toBe(409);
      clock += LEASE_MS;
      const again = await keyed('cust-1');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(store.auditLog).toHaveLength(1);
    });

    it('answers 503 and deletes nothing when the key cannot be recorded', async () => {
      operations.failures.begin = 'Firestore: 14 UNAVAILABLE';
      const res = await keyed('cust-1');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/could not record the Idempotency-Key/);
      nothingDeleted();
    });

    it('still refuses the administrator before looking at the key', async () => {
      expect((await keyed('admin-uid')).statusCode).toBe(409);
      expect(operations.records.size).toBe(0);
    });

    it('without a key, a repeat finds nothing to delete (404), as before', async () => {
      expect((await del('cust-1')).statusCode).toBe(200);
      expect((await del('cust-1')).statusCode).toBe(404);
      expect(operations.records.size).toBe(0);
    });
  });
});
