import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMailSink, startMailSink, type MailSink } from '../../tools/devenv/mail-sink';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { recipientProblem } from '../../src/shared/domain/mailOutbox';
import { typed, usePlatform } from '../support/integration/moneyFixtures';
import { emulatorHosts, eventually, freePort } from '../support/integration/emulatorHosts';

// The whole e-mail path with real parts: outbox -> dispatcher -> backend host -> nodemailer -> SMTP sink.
describe('e-mail delivery', () => {
  let sink: MailSink;
  let port: number;
  let host: RunningBackendHost | null = null;

  const startHost = async () => {
    host = await startBackendHost({ projectId: emulatorHosts().projectId, smtpUrl: sink.smtpUrl, port, log: () => undefined });
  };

  // The sink and the port come first: the app is started pointing at the port.
  beforeEach(async () => {
    sink = await startMailSink({ dir: mkdtempSync(join(tmpdir(), 'ledgerdesk-mail-it-')) });
    port = await freePort();
  });
  afterEach(async () => {
    await host?.close();
    host = null;
    await sink?.close();
  });
  const platform = usePlatform({
    fixtures: true,
    env: () => ({ LEDGERDESK_BACKEND_URL: `http://127.0.0.1:${port}` }),
    options: { mail: { pollMs: 100, backoffMs: () => 200 } }
  });
  const outboxStates = async () => (await platform.db.collection('mailOutbox').get()).docs.map((d) => d.get('state') as string);

  it('delivers the four kinds of e-mail to the right people', async () => {
    await startHost();
    const call = typed(platform.app);
    expect((await call('deposits.setStatus', { operationId: randomUUID(), id: 'dep-linked', status: 'success' })).ok).toBe(true);
    expect((await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-approve', status: 'approved' })).ok).toBe(true);
    expect((await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-reject', status: 'rejected' })).ok).toBe(true);

    const mails = await eventually(
      () => readMailSink(sink.dir),
      (m) => m.length >= 4,
      'four e-mails in the sink'
    );
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['dana@example.com', 'Investment Successfully Activated'],
      ['rita@example.com', 'Referral Bonus Earned'],
      ['wes@example.com', 'Withdrawal Request Rejected'],
      ['wes@example.com', 'Withdrawal Successfully Processed']
    ]);
    const processed = mails.find((m) => m.subject === 'Withdrawal Successfully Processed');
    expect(processed?.raw).toContain('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(processed?.raw).toMatch(/Content-Type: text\/plain/i);
    expect(processed?.raw).toMatch(/Content-Type: text\/html/i);
    expect(await eventually(outboxStates, (s) => s.every((x) => x === 'sent'), 'all sent')).toHaveLength(4);

    const counts = await call('mail.counts', {});
    expect(counts).toEqual({ ok: true, value: { queued: 0, sending: 0, sent: 4, failed: 0 } });
  });

  it('with the backend host down the status change still commits; the e-mail waits and goes once the host is back', async () => {
    const result = await typed(platform.app)('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-reject', status: 'rejected' });
    expect(result.ok).toBe(true);
    expect((await platform.db.doc('users/wes').get()).get('balance')).toBe(40.3);

    const [failed] = await eventually(
      async () => (await platform.db.collection('mailOutbox').get()).docs,
      (docs) => docs[0]?.get('state') === 'failed',
      'a failed attempt'
    );
    expect(failed?.get('lastError')).toMatch(/cannot be reached/);
    expect(await readMailSink(sink.dir)).toEqual([]);

    await startHost();
    const mails = await eventually(
      () => readMailSink(sink.dir),
      (m) => m.length > 0,
      'delivery after the host came back'
    );
    expect(mails.map((m) => m.subject)).toEqual(['Withdrawal Request Rejected']);
    await eventually(outboxStates, (s) => s[0] === 'sent', 'marked sent');
    // Delivered once: later polls find nothing due.
    await new Promise((r) => setTimeout(r, 600));
    expect(await readMailSink(sink.dir)).toHaveLength(1);
  });

  it('sends nothing to a recipient that names several addresses: the entry fails at once saying why, and is not tried again', async () => {
    const to = 'me@x.test, a@y.test, b@z.test';
    await platform.db.collection('mailOutbox').doc('many').set({
      kind: 'custom',
      to,
      subject: 'Hello all',
      companyName: 'Acme',
      html: '<p>Hi</p>',
      text: 'Hi',
      state: 'queued',
      attempts: 0,
      lastError: null,
      nextAttemptAt: new Date(),
      createdAt: new Date()
    });
    await startHost();
    const [failed] = await eventually(
      async () => (await platform.db.collection('mailOutbox').get()).docs,
      (docs) => docs[0]?.get('state') === 'failed',
      'the refused entry'
    );
    expect(failed?.data()).toMatchObject({ attempts: 1, nextAttemptAt: null, lastError: recipientProblem(to) });
    // The dispatcher polls every 100 ms and would retry after 200 ms: it does not.
    await new Promise((r) => setTimeout(r, 600));
    expect((await platform.db.doc('mailOutbox/many').get()).get('attempts')).toBe(1);
    expect(await readMailSink(sink.dir)).toEqual([]);
  });

  it('the administrator can put an e-mail that gave up back in the queue', async () => {
    await platform.db.collection('mailOutbox').doc('gave-up').set({
      kind: 'custom',
      to: 'dana@example.com',
      toName: 'Dana',
      subject: 'Hello again',
      companyName: 'Acme',
      html: '<p>Hi</p>',
      text: 'Hi',
      state: 'failed',
      attempts: 8,
      lastError: 'The backend host at x cannot be reached.',
      nextAttemptAt: null,
      createdAt: new Date()
    });
    await startHost();
    const call = typed(platform.app);
    const listed = await call('mail.outbox', { state: 'failed' });
    expect(listed.ok && listed.value.rows.map((r) => [r.id, r.state, r.attempts])).toEqual([['gave-up', 'failed', 8]]);
    expect(await call('mail.retry', { operationId: randomUUID(), id: 'gave-up' })).toEqual({ ok: true, value: null });
    expect(await call('mail.retry', { operationId: randomUUID(), id: 'gave-up' })).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'Only a failed e-mail can be retried.' }
    });

    const mails = await eventually(
      () => readMailSink(sink.dir),
      (m) => m.length > 0,
      'the retried e-mail'
    );
    expect(mails.map((m) => m.subject)).toEqual(['Hello again']);
    const audit = await call('audit.list', { kind: 'mail' });
    expect(audit.ok && audit.value.rows[0]?.summary).toBe('E-mail "Hello again" to dana@example.com queued again');
  });
});
