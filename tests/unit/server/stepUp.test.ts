import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBackendHost } from '../../../server/app';
import type { TokenVerifier } from '../../../server/auth';
import type { MailSender } from '../../../server/mailer';
import { fakeOperationStore, type FakeOperationStore } from '../../support/fakes/fakeOperations';
import { fakeUserStore, type FakeUserStore } from '../../support/fakes/fakeUsers';

const NOW = Date.UTC(2026, 4, 4, 9);
const KEY = '7c1e2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b';
const REASON = { reason: 'Account closed at the customer’s request' };

/** Tokens named for when the administrator last typed the password (the ID token's auth_time, in seconds). */
const typedAgo: Record<string, number | undefined> = {
  'typed-4-minutes-ago': 4 * 60,
  'typed-6-minutes-ago': 6 * 60,
  'typed-10-minutes-ago': 10 * 60,
  'typed-3-seconds-ago': 3
};
const verifier: TokenVerifier = {
  async verifyIdToken(token) {
    if (token === 'no-auth-time') return { uid: 'admin-uid', claims: { admin: true } };
    if (token === 'customer-typed-10-minutes-ago') return { uid: 'cust-1', claims: { auth_time: Math.floor(NOW / 1000) - 600 } };
    const ago = typedAgo[token];
    if (ago === undefined) throw new Error('Decoding Firebase ID token failed.');
    return { uid: 'admin-uid', claims: { admin: true, email: 'admin@acme.test', auth_time: Math.floor(NOW / 1000) - ago } };
  }
};
const sent: string[] = [];
const mailer: MailSender = {
  send: async (mail) => {
    sent.push(mail.to);
    return { messageId: '<step-up@ledgerdesk.test>' };
  },
  close: () => undefined
};

/** The riskiest routes refuse an ID token whose password is older than the step-up window (docs/product-rules.md §11.2). */
describe('backend host: deletion and suspension need the password typed within the step-up window', () => {
  let app: FastifyInstance;
  let store: FakeUserStore;
  let operations: FakeOperationStore;

  const build = (stepUpWindowMs?: number) => {
    store = fakeUserStore();
    operations = fakeOperationStore();
    store.accounts.set('cust-1', { email: 'olivia@example.com', admin: false, disabled: false });
    store.documents.set('cust-1', { fullname: 'Olivia Stone', email: 'olivia@example.com', balance: 0 });
    app = buildBackendHost({ verifier, mailer, users: store, operations, now: () => NOW, log: () => undefined, ...(stepUpWindowMs ? { stepUpWindowMs } : {}) });
  };
  afterEach(() => app?.close());

  const ROUTES = {
    delete: { method: 'DELETE', url: '/api/deleteUser/cust-1' },
    suspend: { method: 'POST', url: '/api/suspendUser/cust-1' },
    unsuspend: { method: 'POST', url: '/api/unsuspendUser/cust-1' }
  } as const;
  const call = (route: keyof typeof ROUTES, token: string) =>
    app.inject({
      ...ROUTES[route],
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': KEY, 'content-type': 'application/json' },
      payload: REASON
    });

  it.each(['delete', 'suspend', 'unsuspend'] as const)(
    '%s: refused with 401 STEP_UP_REQUIRED to a password typed 10 minutes ago, nothing touched and the key still usable',
    async (route) => {
      build();
      if (route === 'unsuspend') store.documents.set('cust-1', { ...store.documents.get('cust-1'), suspended: true });
      const refused = await call(route, 'typed-10-minutes-ago');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        error: 'Confirm your password to continue: this change needs it typed within the last 5 minutes.',
        code: 'STEP_UP_REQUIRED'
      });
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(store.calls).toEqual([]);
      expect(operations.records.size).toBe(0);

      // The password typed again: the same request, with the same Idempotency-Key, goes through.
      expect((await call(route, 'typed-4-minutes-ago')).statusCode).toBe(200);
    }
  );

  it('refuses a token that does not say when the password was typed', async () => {
    build();
    expect((await call('delete', 'no-auth-time')).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect(store.documents.has('cust-1')).toBe(true);
  });

  it('tells a stranger they are not the administrator, whenever they signed in', async () => {
    build();
    const res = await call('suspend', 'customer-typed-10-minutes-ago');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This account is not the Ledgerdesk administrator.' });
  });

  it('sends e-mail on an older sign-in: only the riskiest routes ask', async () => {
    build();
    const res = await app.inject({
      method: 'POST',
      url: '/send-mail',
      headers: { authorization: 'Bearer typed-10-minutes-ago', 'content-type': 'application/json' },
      payload: { email: 'olivia@example.com', subject: 'Hello', CompanyName: 'Acme Invest', htmlToSend: '<p>Hi</p>' }
    });
    expect(res.statusCode).toBe(200);
    expect(sent).toContain('olivia@example.com');
  });

  it('takes a shorter window where the host is told one, and never a longer one than 5 minutes', async () => {
    build(2_000);
    expect((await call('suspend', 'typed-3-seconds-ago')).json()).toEqual({
      error: 'Confirm your password to continue: this change needs it typed within the last 2 seconds.',
      code: 'STEP_UP_REQUIRED'
    });
    await app.close();
    build(60 * 60_000);
    expect((await call('suspend', 'typed-6-minutes-ago')).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await call('suspend', 'typed-4-minutes-ago')).statusCode).toBe(200);
  });
});
