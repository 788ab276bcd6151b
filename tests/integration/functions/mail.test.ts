import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import functionsTest from 'firebase-functions-test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withdrawalProcessedEmail } from '../../../src/shared/domain/emails';
import { MAIL_ATTEMPTS, recipientProblem, UNFINISHED_LAST_ATTEMPT } from '../../../src/shared/domain/mailOutbox';
import { createSmtpSender, type OutgoingMail } from '../../../server/mailer';
import { deliveryKey } from '@core/mailDelivery';
import { createFirestoreOperationStore } from '../../../server/operations';
import { SWEEP_BATCH, SWEEP_MARGIN_MS, SWEEP_TIMEOUT_SECONDS, sweepMailOutbox } from '../../../server/platform/mailDelivery';
import { parseHeaders, readMailSink, startMailSink, type MailSink } from '../../../tools/devenv/mail-sink';
import { typed, usePlatform } from '../../support/integration/moneyFixtures';
import { emulatorHosts, eventually, freePort } from '../../support/integration/emulatorHosts';

/** A TCP relay to the mail sink that counts the SMTP connections made through it, and those still open. */
async function countingProxy(smtpUrl: string) {
  const target = new URL(smtpUrl);
  let connections = 0;
  let open = 0;
  const server = createServer((client) => {
    connections += 1;
    open += 1;
    const upstream = connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('close', () => {
      open -= 1;
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    open: () => open,
    close: () => new Promise<void>((closed) => server.close(() => closed()))
  };
}

// The mailOutbox trigger and the sweep (functions/src/mail.ts), run by firebase-functions-test in online
// mode against this run's Firestore emulator and a real SMTP sink: e-mails leave with no desktop open.
let fft: ReturnType<typeof functionsTest>;

describe('e-mails delivered by the platform’s functions', () => {
  let sink: MailSink;
  let functions: typeof import('../../../functions/src/index');
  // Where the Idempotency-Keys of the sweep's sends are kept (backendOperations), as the functions keep them.
  let keys: App | null = null;
  // The desktop app of these tests has no backend host: whatever leaves, the functions sent.
  const platform = usePlatform({ fixtures: true, env: { LEDGERDESK_BACKEND_URL: 'http://127.0.0.1:9' }, options: { mail: { pollMs: 100 } } });

  beforeAll(async () => {
    fft = functionsTest({ projectId: emulatorHosts().projectId });
    sink = await startMailSink({ dir: mkdtempSync(join(tmpdir(), 'ledgerdesk-fn-mail-')) });
    // The secret, as Secret Manager hands it to the function.
    process.env.SMTP_URL = sink.smtpUrl;
    functions = await import('../../../functions/src/index');
    keys = initializeApp({ projectId: emulatorHosts().projectId }, `fn-mail-keys-${process.pid}`);
  });
  afterAll(async () => {
    fft?.cleanup();
    if (keys) await deleteApp(keys);
    await sink?.close();
  });
  // One sink for the file (the functions keep their SMTP connection); each test starts with it empty.
  beforeEach(() => {
    for (const file of readdirSync(sink.dir)) rmSync(join(sink.dir, file));
  });

  const deliveredBy = async (who: 'desktop' | 'server') => {
    await platform.db.doc('settings/ledgerdesk').set({ mailDelivery: who }, { merge: true });
    // The desktop reads the setting before each look at the queue (every 100 ms here): a look it began before
    // the write could claim an entry queued just after it, so the test lets that look end first.
    if (who === 'server') await new Promise((looked) => setTimeout(looked, 500));
  };
  const trigger = (id: string) => fft.wrap(functions.deliverMail)({ data: fft.firestore.makeDocumentSnapshot({}, `mailOutbox/${id}`), params: { mailId: id } });

  /** An entry as the desktop's transaction queues it (src/main/firebase/records.ts outboxRecord). */
  const queue = async (to: string, nextAttemptAt: Timestamp | FieldValue = FieldValue.serverTimestamp()) => {
    const ref = platform.db.collection('mailOutbox').doc();
    const email = withdrawalProcessedEmail('Acme Invest', { email: to, name: 'Wes' }, 'withdrawals/wd-1', {
      amount: '$120.00',
      method: 'USDT',
      walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7'
    });
    await ref.set({
      ...email,
      auditId: randomUUID(),
      state: 'queued',
      attempts: 0,
      lastError: null,
      leaseOwner: null,
      createdAt: FieldValue.serverTimestamp(),
      sentAt: null,
      nextAttemptAt
    });
    return ref;
  };

  it('leaves the queue to the desktop while settings/ledgerdesk.mailDelivery says desktop', async () => {
    await deliveredBy('desktop');
    const entry = await queue('wes@example.com');
    await trigger(entry.id);
    expect((await entry.get()).get('state')).toBe('queued');
    expect(await readMailSink(sink.dir)).toEqual([]);
  });

  it('delivers a new entry once, even when the trigger fires twice at the same moment, and the desktop shows it sent', async () => {
    await deliveredBy('server');
    const entry = await queue('wes@example.com');
    await Promise.all([trigger(entry.id), trigger(entry.id)]);
    await trigger(entry.id);
    const mails = await readMailSink(sink.dir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['wes@example.com', 'Withdrawal Successfully Processed']]);
    expect(mails[0]!.raw).toContain('0x52908400098527886E0F7030069857D2E4169EE7');
    // Its Message-ID is its round's Idempotency-Key: a repeat of the round would carry the same one.
    expect(parseHeaders(mails[0]!.raw).get('message-id')).toMatch(new RegExp(`^<${deliveryKey(entry.id, 0)}@`));
    expect((await entry.get()).data()).toMatchObject({ state: 'sent', attempts: 1, nextAttemptAt: null, lastError: null });
    // The outbox on the desktop's screen, whoever delivered it.
    const listed = await typed(platform.app)('mail.outbox', {});
    expect(listed.ok && listed.value.rows.map((row) => [row.to, row.state])).toEqual([['wes@example.com', 'sent']]);
  });

  it('delivers what a status change queues with the desktop’s own dispatcher standing aside', async () => {
    await deliveredBy('server');
    const call = typed(platform.app);
    expect((await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-reject', status: 'rejected' })).ok).toBe(true);
    const [queued] = (await platform.db.collection('mailOutbox').get()).docs;
    // The desktop polls every 100 ms here: it must not claim the entry the platform delivers.
    await new Promise((wait) => setTimeout(wait, 500));
    expect(queued!.get('state')).toBe('queued');
    expect((await queued!.ref.get()).get('state')).toBe('queued');
    await trigger(queued!.id);
    expect((await readMailSink(sink.dir)).map((m) => [m.to, m.subject])).toEqual([['wes@example.com', 'Withdrawal Request Rejected']]);
    expect(await call('mail.counts', {})).toEqual({ ok: true, value: { queued: 0, sending: 0, sent: 1, failed: 0 } });
  });

  it('records a refused send with its back-off, and the sweep sends it once the back-off has passed', async () => {
    await deliveredBy('server');
    const entry = await queue('dana@example.com');
    const closed = await freePort();
    const deps = (smtpUrl: string, now = Date.now) => ({
      db: platform.db,
      mailer: createSmtpSender(smtpUrl),
      operations: createFirestoreOperationStore(keys!),
      log: () => undefined,
      now
    });
    // Nothing listens on the port: the mail server cannot be reached.
    expect(await sweepMailOutbox(deps(`smtp://127.0.0.1:${closed}`))).toEqual({ sent: 0, failed: 1 });
    const failed = (await entry.get()).data()!;
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: expect.stringMatching(/mail server did not accept/) });
    const retryAt = (failed.nextAttemptAt as Timestamp).toMillis();
    expect(retryAt - Date.now()).toBeGreaterThan(3_000);
    // Before the back-off: nothing due. After it: sent, with the next attempt's number.
    expect(await sweepMailOutbox(deps(sink.smtpUrl))).toEqual({ sent: 0, failed: 0 });
    expect(await sweepMailOutbox(deps(sink.smtpUrl, () => retryAt + 1))).toEqual({ sent: 1, failed: 0 });
    expect((await entry.get()).data()).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await readMailSink(sink.dir)).map((m) => m.to)).toEqual(['dana@example.com']);
  });

  /** The platform's deliverer as the functions make it, with the Idempotency-Keys kept as they keep them. */
  const sweepDeps = (smtpUrl = sink.smtpUrl) => ({
    db: platform.db,
    mailer: createSmtpSender(smtpUrl),
    operations: createFirestoreOperationStore(keys!),
    log: () => undefined
  });

  it('fails an entry whose last attempt outlived its lease, never sends it again on its own, and sends it once on the administrator’s Retry', async () => {
    await deliveredBy('server');
    const entry = await queue('dana@example.com');
    // The cap's attempt was claimed by an instance that stopped (or a mail server that hung) a minute ago.
    await entry.update({ state: 'sending', attempts: MAIL_ATTEMPTS, leaseOwner: 'functions:stopped', nextAttemptAt: Timestamp.fromMillis(Date.now() - 1_000) });
    for (let minute = 0; minute < 3; minute++) await sweepMailOutbox(sweepDeps());
    expect(await readMailSink(sink.dir)).toEqual([]);
    expect((await entry.get()).data()).toMatchObject({ state: 'failed', attempts: MAIL_ATTEMPTS, nextAttemptAt: null, lastError: UNFINISHED_LAST_ATTEMPT });

    expect(await typed(platform.app)('mail.retry', { operationId: randomUUID(), id: entry.id })).toEqual({ ok: true, value: null });
    await eventually(
      async () => (await entry.get()).get('nextAttemptAt') as Timestamp | null,
      (at) => at !== null && at.toMillis() <= Date.now(),
      'the retried entry due'
    );
    expect(await sweepMailOutbox(sweepDeps())).toEqual({ sent: 1, failed: 0 });
    expect((await entry.get()).data()).toMatchObject({ state: 'sent', attempts: MAIL_ATTEMPTS + 1 });
    expect((await readMailSink(sink.dir)).map((m) => m.to)).toEqual(['dana@example.com']);
  });

  it('answers an attempt sent again in its round from the key it was sent under: a lost "sent" mark sends nothing more', async () => {
    await deliveredBy('server');
    const entry = await queue('wes@example.com');
    await trigger(entry.id);
    expect((await readMailSink(sink.dir)).map((m) => m.to)).toEqual(['wes@example.com']);
    // As if the instance stopped after the mail server accepted it but before the entry said so.
    await entry.update({ state: 'sending', sentAt: null, leaseOwner: 'functions:stopped', nextAttemptAt: Timestamp.fromMillis(Date.now() - 1_000) });
    expect(await sweepMailOutbox(sweepDeps())).toEqual({ sent: 1, failed: 0 });
    expect((await entry.get()).data()).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await readMailSink(sink.dir)).toHaveLength(1);
  });

  it('sends nothing to a recipient that names several addresses: the entry fails saying why, and is not tried again', async () => {
    await deliveredBy('server');
    const to = 'me@x.test, a@y.test, b@z.test';
    const entry = await queue(to);
    await trigger(entry.id);
    expect((await entry.get()).data()).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null, lastError: recipientProblem(to) });
    expect(await sweepMailOutbox(sweepDeps())).toEqual({ sent: 0, failed: 0 });
    // The administrator's Retry meets the same rule.
    expect(await typed(platform.app)('mail.retry', { operationId: randomUUID(), id: entry.id })).toEqual({ ok: true, value: null });
    await eventually(
      async () => (await entry.get()).get('nextAttemptAt') as Timestamp | null,
      (at) => at !== null && at.toMillis() <= Date.now(),
      'the retried entry due'
    );
    expect(await sweepMailOutbox(sweepDeps())).toEqual({ sent: 0, failed: 1 });
    expect(await readMailSink(sink.dir)).toEqual([]);
  });

  it('stops claiming before the sweep’s time runs out: what is left waits, untouched, for the next minute', async () => {
    await deliveredBy('server');
    // Due a minute from now, on the sweep's clock, which the test moves instead of waiting.
    const start = Date.now() + 60_000;
    const entries = [];
    for (const [i, name] of ['ana', 'ben', 'cy', 'dee', 'eve'].entries()) entries.push(await queue(`${name}@example.com`, Timestamp.fromMillis(start + i)));
    // A slow mail server: each send takes 10 s on the sweep's clock.
    let clock = start + 10;
    const smtp = createSmtpSender(sink.smtpUrl);
    const mailer = { send: (mail: OutgoingMail) => ((clock += 10_000), smtp.send(mail)), close: () => smtp.close() };
    const claimsFor = SWEEP_TIMEOUT_SECONDS * 1_000 - SWEEP_MARGIN_MS;
    expect(claimsFor).toBeGreaterThanOrEqual(SWEEP_BATCH * 1_000);
    expect(await sweepMailOutbox({ ...sweepDeps(), mailer, now: () => clock })).toEqual({ sent: claimsFor / 10_000, failed: 0 });
    expect((await readMailSink(sink.dir)).map((m) => m.to)).toEqual(['ana@example.com', 'ben@example.com', 'cy@example.com']);
    for (const entry of entries.slice(3)) expect((await entry.get()).data()).toMatchObject({ state: 'queued', attempts: 0 });
    // The function is allowed the time the deadline is measured against.
    expect((functions.sweepMailOutboxEveryMinute as unknown as { __endpoint: { timeoutSeconds?: unknown } }).__endpoint.timeoutSeconds).toBe(
      SWEEP_TIMEOUT_SECONDS
    );
  });

  it('sends a sweep’s batch over one SMTP connection, closed when the sweep ends', async () => {
    await deliveredBy('server');
    const start = Date.now();
    for (const i of [0, 1, 2]) await queue(`pool${i}@example.com`, Timestamp.fromMillis(start - 60_000 + i));
    const proxy = await countingProxy(sink.smtpUrl);
    const secret = process.env.SMTP_URL;
    process.env.SMTP_URL = proxy.smtpUrl;
    try {
      await functions.sweepMailOutboxEveryMinute.run({ scheduleTime: new Date().toISOString(), jobName: 'sweep' } as never);
    } finally {
      process.env.SMTP_URL = secret;
    }
    expect((await readMailSink(sink.dir)).map((m) => m.to)).toEqual(['pool0@example.com', 'pool1@example.com', 'pool2@example.com']);
    expect(proxy.connections()).toBe(1);
    await eventually(
      async () => proxy.open(),
      (open) => open === 0,
      'the SMTP connection closed'
    );
    await proxy.close();
  });

  it('runs the sweep on its schedule: a due entry leaves without a desktop', async () => {
    await deliveredBy('server');
    const entry = await queue('rita@example.com', Timestamp.fromMillis(Date.now() - 60_000));
    await functions.sweepMailOutboxEveryMinute.run({ scheduleTime: new Date().toISOString(), jobName: 'sweep' } as never);
    await eventually(
      async () => (await entry.get()).get('state'),
      (state) => state === 'sent',
      'the swept entry sent'
    );
    expect((await readMailSink(sink.dir)).map((m) => m.to)).toEqual(['rita@example.com']);
  });
});
