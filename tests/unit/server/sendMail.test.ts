import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBackendHost } from '../../../server/app';
import { TokenRejectedError, VerifierUnavailableError, type TokenVerifier } from '../../../server/auth';
import type { MailSender, OutgoingMail } from '../../../server/mailer';
import { fingerprintOf, LEASE_MS } from '../../../server/operations';
import { sendMailOnce } from '../../../server/routes/sendMail';
import { recipientProblem } from '../../../src/shared/domain/mailOutbox';
import { fakeUserStore } from '../../support/fakes/fakeUsers';
import { fakeOperationStore, type FakeOperationStore } from '../../support/fakes/fakeOperations';

// Fake tokens: the token string names the account.
const ACCOUNTS: Record<string, { uid: string; claims: Record<string, unknown> }> = {
  'admin-token': { uid: 'admin-uid', claims: { admin: true } },
  'customer-token': { uid: 'customer-uid', claims: {} },
  'named-admin-token': { uid: 'named-admin-uid', claims: { admin: 'yes' } }
};

const fakeVerifier: TokenVerifier = {
  async verifyIdToken(token) {
    if (token === 'expired-token') throw new TokenRejectedError('The sign-in token has expired. Sign in again.');
    if (token === 'down-token') throw new VerifierUnavailableError('ECONNREFUSED');
    const account = ACCOUNTS[token];
    if (!account) throw new Error('Decoding Firebase ID token failed.');
    return account;
  }
};

const validBody = {
  email: 'casey@example.com',
  subject: 'Your deposit was received',
  CompanyName: 'Acme Invest',
  htmlToSend: '<p>Hello <b>Casey</b> &amp; welcome</p>'
};

describe('backend host: POST /send-mail', () => {
  let app: FastifyInstance;
  let sent: OutgoingMail[];
  let failWith: Error | null;
  /** Set: the server takes the message, then the connection drops before its answer. */
  let answerLost: Error | null;
  let lines: string[];
  let operations: FakeOperationStore;
  let clock: number;
  /** While set, the mail server holds every message until it resolves. */
  let hold: Promise<void> | null;

  const build = (adminUid: string | null = null) => {
    const mailer: MailSender = {
      send: vi.fn(async (mail: OutgoingMail) => {
        if (hold) await hold;
        if (failWith) throw failWith;
        sent.push(mail);
        if (answerLost) throw answerLost;
        return { messageId: '<fake-1@ledgerdesk.test>' };
      }),
      close: () => undefined
    };
    app = buildBackendHost({
      verifier: fakeVerifier,
      mailer,
      users: fakeUserStore(),
      operations,
      now: () => clock,
      adminUid,
      log: (line) => lines.push(line)
    });
    return app;
  };

  beforeEach(() => {
    sent = [];
    failWith = null;
    answerLost = null;
    lines = [];
    operations = fakeOperationStore();
    clock = Date.UTC(2026, 0, 15, 12);
    hold = null;
    build();
  });
  afterEach(() => app.close());

  const post = (body: unknown, token: string | null = 'admin-token', headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/send-mail',
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...headers
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body)
    });

  it('sends exactly one message with the right fields and a derived text part', async () => {
    const res = await post(validBody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, messageId: '<fake-1@ledgerdesk.test>' });
    expect(sent).toEqual([
      {
        to: 'casey@example.com',
        subject: 'Your deposit was received',
        fromName: 'Acme Invest',
        html: validBody.htmlToSend,
        text: 'Hello Casey & welcome'
      }
    ]);
  });

  it('uses textToSend when given', async () => {
    const res = await post({ ...validBody, textToSend: 'Plain hello' });
    expect(res.statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe('Plain hello');
  });

  it.each([
    ['no Authorization header', null, {}],
    ['a non-Bearer scheme', null, { authorization: 'Basic YWRtaW46cGFzcw==' }],
    ['an empty Bearer token', null, { authorization: 'Bearer ' }],
    ['an invalid token', 'garbage', {}],
    ['an expired token', 'expired-token', {}]
  ])('answers 401 with a readable error for %s, and sends nothing', async (_label, token, headers) => {
    const res = await post(validBody, token, headers);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json().error).toMatch(/^[A-Z].*\.$/);
    expect(sent).toEqual([]);
  });

  it('says an expired token has expired', async () => {
    const res = await post(validBody, 'expired-token');
    expect(res.json()).toEqual({ error: 'The sign-in token has expired. Sign in again.' });
  });

  it('answers 403 for a signed-in customer, and sends nothing', async () => {
    const res = await post(validBody, 'customer-token');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This account is not the Ledgerdesk administrator.' });
    expect(sent).toEqual([]);
  });

  it('accepts only admin === true as the claim; adminUid narrows to that account and never replaces the claim', async () => {
    expect((await post(validBody, 'named-admin-token')).statusCode).toBe(403);
    await app.close();
    build('named-admin-uid');
    expect((await post(validBody, 'named-admin-token')).statusCode).toBe(403);
    expect((await post(validBody, 'customer-token')).statusCode).toBe(403);
    expect((await post(validBody, 'admin-token')).statusCode).toBe(403);
    await app.close();
    build('admin-uid');
    expect((await post(validBody, 'admin-token')).statusCode).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it('answers 503 when the token cannot be checked at all', async () => {
    const res = await post(validBody, 'down-token');
    expect(res.statusCode).toBe(503);
    expect(sent).toEqual([]);
  });

  it('checks the token before reading the body', async () => {
    const res = await post('{not json', 'customer-token');
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['email', { email: 'not-an-address' }],
    ['email', { email: undefined }],
    ['email', { email: 'me@x.test, a@y.test, b@z.test' }],
    ['email', { email: 'me@x.test;a@y.test' }],
    ['subject', { subject: '' }],
    ['subject', { subject: 'x'.repeat(301) }],
    ['subject', { subject: 42 }],
    ['CompanyName', { CompanyName: '' }],
    ['CompanyName', { CompanyName: 'x'.repeat(201) }],
    ['htmlToSend', { htmlToSend: '' }],
    ['htmlToSend', { htmlToSend: 'x'.repeat(1_000_001) }],
    ['textToSend', { textToSend: 7 }]
  ])('answers 400 naming %s when it is invalid, and sends nothing', async (field, patch) => {
    const res = await post({ ...validBody, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([field]);
    expect(res.json().error).toContain(field);
    expect(sent).toEqual([]);
  });

  it('accepts the longest allowed values', async () => {
    const res = await post({ ...validBody, subject: 's'.repeat(300), CompanyName: 'c'.repeat(200), htmlToSend: 'é'.repeat(1_000_000) });
    expect(res.statusCode).toBe(200);
  });

  it('names every invalid field at once', async () => {
    const res = await post({ email: 'nope', CompanyName: 'Acme', htmlToSend: '<p>x</p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(['email', 'subject']);
  });

  it.each([
    ['broken JSON', '{"email": ', {}],
    ['an empty JSON body', '', {}],
    ['a JSON array', '[]', {}],
    ['a text/plain body', JSON.stringify(validBody), { 'content-type': 'text/plain' }],
    ['a form body', 'email=a%40b.c', { 'content-type': 'application/x-www-form-urlencoded' }]
  ])('answers 400 JSON for %s, and sends nothing', async (_label, body, headers) => {
    const res = await post(body, 'admin-token', headers);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(typeof res.json().error).toBe('string');
    expect(sent).toEqual([]);
  });

  it('answers 404 JSON for an unknown route or method', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/send-mail'],
      ['DELETE', '/send-mail']
    ] as const) {
      const res = await app.inject({ method, url, headers: { authorization: 'Bearer admin-token' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatch(/no .* on the Ledgerdesk backend host/);
    }
    expect(sent).toEqual([]);
  });

  it('answers 502 with the mail server reason when sending fails', async () => {
    // As nodemailer reports a refusal: the server's reply code and the command it answered.
    failWith = Object.assign(new Error('Message failed: 550 5.1.1 Mailbox unavailable'), { responseCode: 550, command: 'DATA' });
    const res = await post(validBody);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'The mail server did not accept the message: Message failed: 550 5.1.1 Mailbox unavailable' });
  });

  it('logs method, path and status, never the body or the token', async () => {
    await post({ ...validBody, subject: 'secret subject' }, 'admin-token');
    await post(validBody, 'garbage');
    await app.inject({ method: 'GET', url: '/nope?key=private' });
    expect(lines).toEqual([
      expect.stringMatching(/^POST \/send-mail 200 \d+ms$/),
      expect.stringMatching(/^POST \/send-mail 401 \d+ms$/),
      expect.stringMatching(/^GET \/nope 404 \d+ms$/)
    ]);
    expect(lines.join('\n')).not.toMatch(/secret|admin-token|garbage|private/);
  });
  describe('Idempotency-Key', () => {
    const KEY = '6a1f3c2e-9b8d-4e7f-a6b5-c4d3e2f1a0b9';
    const keyed = (body: unknown = validBody, key = KEY) => post(body, 'admin-token', { 'idempotency-key': key });

    it('sends once for one key and answers a repeat with the same answer', async () => {
      const first = await keyed();
      const second = await keyed();
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(sent).toHaveLength(1);
    });

    it('sends once when 20 requests with one key arrive at once; the others are told it is in progress', async () => {
      let release = () => undefined as void;
      hold = new Promise((resolve) => (release = resolve));
      const pending = Promise.all(Array.from({ length: 20 }, () => keyed()));
      // The first send is held at the mail server until the other 19 have been answered.
      await vi.waitFor(() => expect(lines.filter((line) => line.startsWith('POST /send-mail 409'))).toHaveLength(19));
      release();
      const answers = await pending;
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
      expect(answers.find((res) => res.statusCode === 409)?.json().error).toMatch(/already in progress/);
      expect(sent).toHaveLength(1);
    });

    it('refuses the key with another message (422), and sends nothing more', async () => {
      expect((await keyed()).statusCode).toBe(200);
      for (const patch of [{ subject: 'Another subject' }, { email: 'someone.else@example.com' }, { textToSend: 'Plain' }]) {
        const res = await keyed({ ...validBody, ...patch });
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toMatch(/already used for a different request/);
      }
      expect(sent).toHaveLength(1);
    });

    it('answers 400 for a key that is not one UUID, and sends nothing', async () => {
      for (const key of ['mail-1', `${KEY},${KEY}`, '']) {
        const res = await keyed(validBody, key);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatch(/Idempotency-Key header must be one UUID/);
      }
      expect(sent).toEqual([]);
      expect(operations.records.size).toBe(0);
    });

    it('lets the same key try again after the mail server refused, then replays the send', async () => {
      failWith = Object.assign(new Error('421 try later'), { responseCode: 421, command: 'DATA' });
      expect((await keyed()).statusCode).toBe(502);
      failWith = null;
      const ok = await keyed();
      expect(ok.statusCode).toBe(200);
      expect((await keyed()).body).toBe(ok.body);
      expect(sent).toHaveLength(1);
    });

    it('lets the same key try again when the mail server could not be reached (nothing was handed over)', async () => {
      failWith = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET', command: 'CONN' });
      expect((await keyed()).statusCode).toBe(502);
      failWith = null;
      expect((await keyed()).statusCode).toBe(200);
      expect(sent).toHaveLength(1);
    });

    it('never sends again under a key whose message may have gone out before the answer was lost', async () => {
      answerLost = Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION', command: 'DATA' });
      const first = await keyed();
      expect(first.statusCode).toBe(502);
      expect(first.json().error).toMatch(/whether it went out is unknown/);
      const again = await keyed();
      expect(again.statusCode).toBe(502);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(sent).toHaveLength(1);
    });

    it('never sends again under a key whose send was interrupted (running past its lease)', async () => {
      operations.records.set(KEY, {
        route: 'POST /send-mail',
        fingerprint: fingerprintOf(['POST /send-mail', validBody.email, validBody.subject, validBody.CompanyName, validBody.htmlToSend, null]),
        adminUid: 'admin-uid',
        state: 'running',
        startedAtMs: clock,
        attempts: 1,
        status: null,
        body: null,
        progress: {}
      });
      expect((await keyed()).json().error).toMatch(/already in progress/);
      clock += LEASE_MS;
      const res = await keyed();
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/was interrupted .* not sent again/);
      expect(sent).toEqual([]);
    });

    it('answers 503 and sends nothing when the key cannot be recorded', async () => {
      operations.failures.begin = 'Firestore: 14 UNAVAILABLE';
      const res = await keyed();
      expect(res.statusCode).toBe(503);
      expect(sent).toEqual([]);
    });

    it('checks the body before the key: a bad body is 400 and records nothing', async () => {
      const res = await keyed({ ...validBody, subject: '' });
      expect(res.statusCode).toBe(400);
      expect(operations.records.size).toBe(0);
    });

    it('the platform’s own send (no request, no schema) refuses a recipient that names several addresses, records no key and sends nothing', async () => {
      const mailer: MailSender = { send: vi.fn(() => Promise.resolve({ messageId: '<x>' })), close: () => undefined };
      const answer = await sendMailOnce(
        { mailer, operations, log: () => undefined, now: () => clock },
        'ledgerdesk-functions',
        { ...validBody, email: 'me@x.test, a@y.test, b@z.test' },
        '3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b'
      );
      expect(answer).toEqual({ status: 400, body: { error: recipientProblem('me@x.test, a@y.test, b@z.test') }, replayed: false });
      expect(answer.body).toEqual({ error: expect.stringMatching(/^Not sent to anyone: .* is not one e-mail address/) });
      expect(mailer.send).not.toHaveBeenCalled();
      expect(operations.records.size).toBe(0);
    });

    it('without a key, every request sends (as before)', async () => {
      await post(validBody);
      await post(validBody);
      expect(sent).toHaveLength(2);
      expect(operations.records.size).toBe(0);
    });
  });
});
