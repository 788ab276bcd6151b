import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { readMailSink, startMailSink, type MailSink } from '../../tools/devenv/mail-sink';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { buildPlatform } from '../../tools/functions/build';
import { startFunctionsEmulator, type RunningFunctions } from '../../tools/functions/emulator';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { demoEnv, emulatorHosts } from '../support/integration/emulatorHosts';

// The backend host is one implementation run three ways (docs/operations/backend-host.md): in-process
// (the demo), as the built plain Node service, and as the HTTPS function the Functions emulator serves.
// Each must answer the same way: health, a delivered e-mail, the same refusals.
const root = resolve(__dirname, '../..');

async function idToken(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`http://${emulatorHosts().authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true })
  });
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`Sign-in failed for ${account.email}`);
  return body.idToken;
}

/** `node server/dist/index.js`, as a platform runs it, on a free port; resolves with its address once it listens. */
function startService(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, 'server', 'dist', 'index.js')], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit']
  });
  return new Promise((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = /listening on (\S+)$/.exec(line);
      if (listening) done({ url: listening[1]!, child });
    });
    child.once('exit', (code) => fail(new Error(`The service exited with ${code} before it listened.`)));
  });
}

/**
 * The status a POST is answered with. A host that refuses before reading may answer and close while the
 * body is still being written; fetch then fails the whole call (EPIPE) though the answer arrived, so the
 * answer is read here as it comes, whatever becomes of the rest of the body.
 */
async function statusOfPost(url: string, headers: Record<string, string>, body: string): Promise<number> {
  // The answer can still be lost to the close (the connection reset under the unread body): asked again, up to three times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(url, headers, body);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

function postOnce(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const call = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.on('error', (error) => {
      if (!answered) reject(error);
    });
    call.end(body);
  });
}

describe('the backend host run three ways', () => {
  let sink: MailSink;
  let inProcess: RunningBackendHost;
  let service: { url: string; child: ChildProcess };
  let functions: RunningFunctions;
  let admin: string;
  let customer: string;
  const ways = () => ({ 'in process (demo)': inProcess.url, 'plain Node service': service.url, 'HTTPS function': functions.urlOf('backendHost') });

  beforeAll(async () => {
    const hosts = emulatorHosts();
    await createAuthAccounts(hosts);
    [admin, customer] = await Promise.all([idToken(DEMO_ADMIN), idToken(DEMO_CUSTOMER)]);
    sink = await startMailSink({ dir: join(mkdtempSync(join(tmpdir(), 'ledgerdesk-mail-')), 'mail') });
    await buildPlatform(() => undefined);
    const env = demoEnv({ SMTP_URL: sink.smtpUrl, METADATA_SERVER_DETECTION: 'none' });
    [inProcess, service, functions] = await Promise.all([
      startBackendHost({ projectId: hosts.projectId, smtpUrl: sink.smtpUrl, port: 0, log: () => undefined }),
      startService(env),
      startFunctionsEmulator({ projectId: hosts.projectId, env, secrets: { SMTP_URL: sink.smtpUrl }, waitFor: ['backendHost'] })
    ]);
  }, 150_000);
  afterAll(async () => {
    service?.child.kill('SIGTERM');
    await Promise.all([inProcess?.close(), functions?.stop(), sink?.close()]);
  }, 30_000);

  const post = (base: string, token: string, body: unknown, key = crypto.randomUUID()) =>
    fetch(`${base}/send-mail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: JSON.stringify(body)
    });
  const mail = (to: string) => ({
    email: to,
    subject: 'Withdrawal Successfully Processed',
    CompanyName: 'Acme Invest',
    htmlToSend: '<p>Your withdrawal of <b>$120.00</b> was sent.</p>'
  });

  it('answers GET /healthz and GET /readyz without a sign-in, naming itself and its version', async () => {
    for (const [way, base] of Object.entries(ways())) {
      const res = await fetch(`${base}/healthz`);
      expect(res.status, way).toBe(200);
      const body = (await res.json()) as { ok: boolean; service: string; version: string };
      expect(body, way).toMatchObject({ ok: true, service: 'ledgerdesk-backend-host' });
      // The built ways carry the package's version; the checkout says it is one.
      expect(body.version, way).toBe(way === 'in process (demo)' ? 'development' : '0.1.0');
      // Against the emulators no credentials are needed: ready once Firestore answers.
      const ready = await fetch(`${base}/readyz`);
      expect(await ready.json(), way).toMatchObject({ ok: true });
    }
  });

  it('delivers the administrator’s e-mail through SMTP each way, once per idempotency key', async () => {
    for (const [way, base] of Object.entries(ways())) {
      const to = `${way.replace(/[^a-z]+/g, '-')}@example.com`;
      const key = crypto.randomUUID();
      const first = await post(base, admin, mail(to), key);
      expect(first.status, way).toBe(200);
      const again = await post(base, admin, mail(to), key);
      expect(again.status, way).toBe(200);
      const sent = (await readMailSink(sink.dir)).filter((m) => m.to.includes(to));
      expect(sent, way).toHaveLength(1);
      expect(sent[0]!.subject, way).toBe('Withdrawal Successfully Processed');
    }
  });

  it('refuses a customer (403) and a body the contract’s schema refuses (400, naming the field), sending nothing', async () => {
    const before = (await readMailSink(sink.dir)).length;
    for (const [way, base] of Object.entries(ways())) {
      const asCustomer = await post(base, customer, mail('nobody@example.com'));
      expect(asCustomer.status, way).toBe(403);
      const { subject: _subject, ...noSubject } = mail('nobody@example.com');
      const invalid = await post(base, admin, noSubject);
      expect(invalid.status, way).toBe(400);
      expect(await invalid.json(), way).toMatchObject({ fields: ['subject'] });
    }
    expect(await readMailSink(sink.dir)).toHaveLength(before);
  });

  it('refuses a caller without a token (401) and a body over the route’s limit (413) the same way each way, sending nothing', async () => {
    const before = (await readMailSink(sink.dir)).length;
    // POST /send-mail takes 5 MiB.
    const oversized = JSON.stringify({ ...mail('big@example.com'), htmlToSend: `<p>${'a'.repeat(6 * 1024 * 1024)}</p>` });
    for (const [way, base] of Object.entries(ways())) {
      expect(await statusOfPost(`${base}/send-mail`, {}, JSON.stringify(mail('big@example.com'))), way).toBe(401);
      expect(await statusOfPost(`${base}/send-mail`, {}, oversized), way).toBe(401);
      expect(await statusOfPost(`${base}/send-mail`, { authorization: `Bearer ${admin}` }, oversized), way).toBe(413);
    }
    expect(await readMailSink(sink.dir)).toHaveLength(before);
  });
});
