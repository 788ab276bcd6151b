import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { readMailSink, startMailSink, type MailSink } from '../../tools/devenv/mail-sink';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { emulatorHosts } from '../support/integration/emulatorHosts';

// The real chain: Auth emulator ID tokens -> backend host (firebase-admin) -> nodemailer -> SMTP sink -> .eml.
describe('backend host against the Auth emulator and the mail sink', () => {
  let sink: MailSink;
  let host: RunningBackendHost;
  let adminToken: string;
  let customerToken: string;

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

  const sendMail = (token: string, body: Record<string, unknown>, key?: string) =>
    fetch(`${host.url}/send-mail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body)
    });

  const mail = {
    email: 'casey@example.com',
    subject: 'Investment Successfully Activated ✓',
    CompanyName: 'Acme Invest',
    htmlToSend: '<h1>Good news</h1><p>Your investment of <b>$100.00</b> is active.</p>'
  };

  beforeAll(async () => {
    const hosts = emulatorHosts();
    await createAuthAccounts(hosts);
    [adminToken, customerToken] = await Promise.all([signIn(DEMO_ADMIN), signIn(DEMO_CUSTOMER)]);
    sink = await startMailSink({ dir: join(mkdtempSync(join(tmpdir(), 'ledgerdesk-mail-')), 'mail') });
    host = await startBackendHost({ projectId: hosts.projectId, smtpUrl: sink.smtpUrl, port: 0, log: () => undefined });
  });
  afterAll(async () => {
    await host?.close();
    await sink?.close();
  });

  it('listens on 127.0.0.1', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses the customer with 403 and sends nothing', async () => {
    const res = await sendMail(customerToken, mail);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'This account is not the Ledgerdesk administrator.' });
    expect(await readMailSink(sink.dir)).toEqual([]);
  });

  it('refuses a garbage token with 401 and sends nothing', async () => {
    const res = await sendMail('not-a-firebase-token', mail);
    expect(res.status).toBe(401);
    expect((await res.json()) as unknown).toMatchObject({ error: expect.stringMatching(/token/) });
    expect(await readMailSink(sink.dir)).toEqual([]);
  });

  it('refuses a body without a subject with 400 and sends nothing', async () => {
    const { subject: _subject, ...withoutSubject } = mail;
    const res = await sendMail(adminToken, withoutSubject);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: ['subject'], error: expect.stringContaining('subject') });
    expect(await readMailSink(sink.dir)).toEqual([]);
  });

  it('sends the administrator’s e-mail into the sink with an HTML and a text part', async () => {
    const res = await sendMail(adminToken, mail);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; messageId: string };
    expect(body).toEqual({ ok: true, messageId: expect.stringMatching(/^<.+>$/) });

    const mails = await readMailSink(sink.dir);
    expect(mails).toHaveLength(1);
    const [sent] = mails;
    expect(sent?.to).toBe('casey@example.com');
    expect(sent?.subject).toBe('Investment Successfully Activated ✓');
    // nodemailer quotes the display name only where RFC 5322 needs it.
    expect(sent?.from).toMatch(/^"?Acme Invest"? <no-reply@ledgerdesk\.test>$/);
    expect(sent?.raw).toContain(body.messageId);
    expect(sent?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(sent?.raw).toMatch(/Content-Type: text\/plain[\s\S]*Good news\s+Your investment of \$100\.00 is active\./);
    expect(sent?.raw).toMatch(/Content-Type: text\/html[\s\S]*<h1>Good news<\/h1>/);
  });

  it('with adminUid set, serves that account only, and only with the claim', async () => {
    const answer = async (adminUid: string, token: string) => {
      const named = await startBackendHost({
        projectId: emulatorHosts().projectId,
        smtpUrl: sink.smtpUrl,
        adminUid,
        mailFrom: 'desk@acme.test',
        log: () => undefined
      });
      try {
        const res = await fetch(`${named.url}/send-mail`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ ...mail, subject: 'From the named administrator' })
        });
        return res.status;
      } finally {
        await named.close();
      }
    };
    expect(await answer(DEMO_CUSTOMER.uid, customerToken)).toBe(403);
    expect(await answer(DEMO_CUSTOMER.uid, adminToken)).toBe(403);
    expect(await answer(DEMO_ADMIN.uid, adminToken)).toBe(200);
    const last = (await readMailSink(sink.dir)).at(-1);
    expect(last).toMatchObject({ subject: 'From the named administrator', from: expect.stringContaining('<desk@acme.test>') });
  });
  describe('Idempotency-Key', () => {
    const withSubject = async (subject: string) => (await readMailSink(sink.dir)).filter((m) => m.subject === subject);

    it('sends one e-mail into the sink for one key, and a repeat gets the same answer', async () => {
      const key = randomUUID();
      const body = { ...mail, subject: `Sent once ${key}` };
      const first = await sendMail(adminToken, body, key);
      const firstBody = await first.text();
      const second = await sendMail(adminToken, body, key);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await second.text()).toBe(firstBody);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await withSubject(body.subject)).toHaveLength(1);
    });

    it('sends one e-mail when 20 requests with one key arrive at once', async () => {
      const key = randomUUID();
      const body = { ...mail, subject: `Twenty at once ${key}` };
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await sendMail(adminToken, body, key);
          return { status: res.status, body: await res.text() };
        })
      );
      const sent = answers.filter((a) => a.status === 200);
      expect(sent.length).toBeGreaterThanOrEqual(1);
      expect(new Set(sent.map((a) => a.body)).size).toBe(1);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(409);
        expect(a.body).toMatch(/already in progress/);
      }
      expect(await withSubject(body.subject)).toHaveLength(1);
    });

    it('refuses the key with another message (422) and sends nothing more', async () => {
      const key = randomUUID();
      const body = { ...mail, subject: `First of a key ${key}` };
      expect((await sendMail(adminToken, body, key)).status).toBe(200);
      const reused = await sendMail(adminToken, { ...body, subject: `Second of a key ${key}` }, key);
      expect(reused.status).toBe(422);
      expect(await withSubject(`Second of a key ${key}`)).toEqual([]);
    });
  });
});
