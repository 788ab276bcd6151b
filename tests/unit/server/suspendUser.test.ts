import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBackendHost } from '../../../server/app';
import type { TokenVerifier } from '../../../server/auth';
import type { MailSender } from '../../../server/mailer';
import { NO_SIGN_IN_ACCOUNT_NOTE } from '../../../server/routes/suspendUser';
import { fakeOperationStore } from '../../support/fakes/fakeOperations';
import { fakeUserStore, type FakeUserStore } from '../../support/fakes/fakeUsers';

const verifier: TokenVerifier = {
  async verifyIdToken(token) {
    // The password typed a minute ago: within the step-up window.
    if (token === 'admin-token') return { uid: 'admin-uid', claims: { admin: true, email: 'admin@acme.test', auth_time: Math.floor(Date.now() / 1000) - 60 } };
    if (token === 'customer-token') return { uid: 'cust-1', claims: {} };
    throw new Error('Decoding Firebase ID token failed.');
  }
};
const noMail: MailSender = { send: async () => ({ messageId: 'unused' }), close: () => undefined };
const KEY = '3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b';
const REASON = 'New device, new address, not their voice.';

/** POST /api/suspendUser/:id and /api/unsuspendUser/:id with fakes (docs/product-rules.md §6.9). */
describe('backend host: suspending a customer', () => {
  let app: FastifyInstance;
  let store: FakeUserStore;

  beforeEach(() => {
    store = fakeUserStore();
    store.accounts.set('cust-1', { email: 'olivia@example.com', admin: false, disabled: false });
    store.documents.set('cust-1', { fullname: 'Olivia Stone', email: 'olivia@example.com', balance: 10 });
    store.accounts.set('boss', { email: 'boss@acme.test', admin: true, disabled: false });
    store.documents.set('boss', { fullname: 'The Boss' });
    app = buildBackendHost({ verifier, mailer: noMail, users: store, operations: fakeOperationStore(), log: () => undefined });
  });
  afterEach(() => app.close());

  const post = (direction: 'suspend' | 'unsuspend', id: string, body: unknown, headers: Record<string, string> = {}, token = 'admin-token') =>
    app.inject({
      method: 'POST',
      url: `/api/${direction}User/${id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body)
    });

  it('disables the sign-in account (sessions revoked) first, then flags the record with the reason and writes the audit entry', async () => {
    const res = await post('suspend', 'cust-1', { reason: `  ${REASON}  ` }, { 'idempotency-key': KEY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: 'cust-1', suspended: true, signInAccount: true });
    expect(store.calls.filter((c) => !c.startsWith('find'))).toEqual(['setAccountDisabled:cust-1:true', 'setSuspension:cust-1']);
    expect(store.accounts.get('cust-1')?.disabled).toBe(true);
    expect(store.documents.get('cust-1')).toMatchObject({ suspended: true, suspension: { reason: REASON, adminEmail: 'admin@acme.test' } });
    expect(store.auditById.get(KEY)).toMatchObject({
      action: 'user.suspend',
      entityPath: 'users/cust-1',
      reason: REASON,
      userIds: ['cust-1'],
      before: { 'users/cust-1.suspended': false },
      after: { 'users/cust-1.suspended': true }
    });
    // The same key again: the first answer, nothing done twice.
    const again = await post('suspend', 'cust-1', { reason: REASON }, { 'idempotency-key': KEY });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(store.calls.filter((c) => c.startsWith('setSuspension'))).toHaveLength(1);
  });

  it('lifts it the other way round: the account enabled again, the flag cleared, audited', async () => {
    await post('suspend', 'cust-1', { reason: REASON });
    store.calls.length = 0;
    const res = await post('unsuspend', 'cust-1', { reason: 'Confirmed on a call.' });
    expect(res.statusCode).toBe(200);
    expect(store.calls.filter((c) => !c.startsWith('find'))).toEqual(['setAccountDisabled:cust-1:false', 'setSuspension:cust-1']);
    expect(store.accounts.get('cust-1')?.disabled).toBe(false);
    expect(store.documents.get('cust-1')?.suspended).toBe(false);
    expect(store.documents.get('cust-1')).not.toHaveProperty('suspension');
    expect(store.auditLog.at(-1)).toMatchObject({ action: 'user.unsuspend', reason: 'Confirmed on a call.' });
  });

  it('refuses without touching anything: no reason or a short one, a stranger, an administrator, nobody, twice the same state', async () => {
    expect((await post('suspend', 'cust-1', {})).statusCode).toBe(400);
    expect((await post('suspend', 'cust-1', { reason: 'bad' })).json()).toEqual({ error: 'Give a reason of at least 5 characters.' });
    expect((await post('suspend', 'cust-1', { reason: REASON }, {}, 'customer-token')).statusCode).toBe(403);
    expect((await post('suspend', 'admin-uid', { reason: REASON })).statusCode).toBe(409);
    expect((await post('suspend', 'boss', { reason: REASON })).statusCode).toBe(409);
    expect((await post('suspend', 'nobody', { reason: REASON })).statusCode).toBe(404);
    expect((await post('unsuspend', 'cust-1', { reason: REASON })).json()).toEqual({ error: 'This customer is not suspended.' });
    expect(store.calls.filter((c) => c.startsWith('set'))).toEqual([]);
  });

  it('flags a customer with no sign-in account, saying so', async () => {
    store.accounts.delete('cust-1');
    expect((await post('suspend', 'cust-1', { reason: REASON })).json()).toMatchObject({ suspended: true, signInAccount: false });
    expect(store.auditLog.at(-1)?.notes).toEqual([NO_SIGN_IN_ACCOUNT_NOTE]);
  });

  it('keeps the account disabled when the record cannot be flagged (the same request finishes it); a lifted suspension that fails is disabled again', async () => {
    store.failures.setSuspension = 'deadline exceeded';
    const failed = await post('suspend', 'cust-1', { reason: REASON }, { 'idempotency-key': KEY });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toContain('Send the same request again to finish');
    expect(store.accounts.get('cust-1')?.disabled).toBe(true);
    delete store.failures.setSuspension;
    expect((await post('suspend', 'cust-1', { reason: REASON }, { 'idempotency-key': KEY })).statusCode).toBe(200);
    expect(store.documents.get('cust-1')?.suspended).toBe(true);

    store.failures.setSuspension = 'deadline exceeded';
    expect((await post('unsuspend', 'cust-1', { reason: 'Confirmed on a call.' })).statusCode).toBe(502);
    expect(store.accounts.get('cust-1')?.disabled).toBe(true);
    expect(store.documents.get('cust-1')?.suspended).toBe(true);
  });

  it("refuses a key that is another action's", async () => {
    store.auditById.set(KEY, { action: 'user.delete', entityPath: 'users/cust-1' });
    expect((await post('suspend', 'cust-1', { reason: REASON }, { 'idempotency-key': KEY })).statusCode).toBe(422);
    expect(store.accounts.get('cust-1')?.disabled).toBe(false);
  });
});
