import { Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildBackendHost } from '../../../server/app';
import { answerThroughHost, type FunctionRequest } from '../../../server/https';
import type { OutgoingMail } from '../../../server/mailer';
import { fakeOperationStore } from '../../support/fakes/fakeOperations';
import { fakeUserStore } from '../../support/fakes/fakeUsers';

// The HTTPS function's way in (functions/src/backendHost.ts): a request whose body the platform has not
// read must be refused before it is read, by the same routes' token check and body limits as the plain service.
const MiB = 1024 * 1024;
const mail = { email: 'casey@example.com', subject: 'Your deposit was received', CompanyName: 'Acme Invest', htmlToSend: '<p>Hello</p>' };

/** A caller that keeps sending: each read takes another 64 KiB from it, counted. */
function endlessBody() {
  const counted = { read: 0 };
  const stream = new Readable({
    read() {
      counted.read += 64 * 1024;
      this.push(Buffer.alloc(64 * 1024, 'a'));
    }
  });
  return { stream, counted };
}

const requestOf = (body: Readable, headers: IncomingHttpHeaders, url = '/send-mail'): FunctionRequest =>
  Object.assign(body, { method: 'POST', url, headers: { 'content-type': 'application/json', ...headers } });

function answer() {
  const got = { status: 0, body: '' };
  return {
    got,
    response: { status: (code: number) => (got.status = code), setHeader: () => undefined, end: (body?: Buffer) => (got.body = body?.toString() ?? '') }
  };
}

describe('backend host behind the HTTPS function', () => {
  let host: FastifyInstance;
  let sent: OutgoingMail[];
  beforeEach(() => {
    sent = [];
    host = buildBackendHost({
      verifier: {
        async verifyIdToken(token) {
          if (token !== 'admin-token') throw new Error('Decoding Firebase ID token failed.');
          return { uid: 'admin-uid', claims: { admin: true } };
        }
      },
      mailer: {
        send: async (m) => {
          sent.push(m);
          return { messageId: '<fake@ledgerdesk.test>' };
        },
        close: () => undefined
      },
      users: fakeUserStore(),
      operations: fakeOperationStore(),
      log: () => undefined
    });
  });
  afterEach(() => host.close());

  it('refuses a caller without a valid token (401) before reading any of a body that never ends', async () => {
    for (const authorization of [undefined, 'Basic YWRtaW46cGFzcw==', 'Bearer forged-token']) {
      const { stream, counted } = endlessBody();
      const { got, response } = answer();
      await answerThroughHost(host, requestOf(stream, { 'transfer-encoding': 'chunked', ...(authorization ? { authorization } : {}) }), response);
      expect(got.status, authorization).toBe(401);
      expect(counted.read, authorization).toBe(0);
    }
  });

  it('refuses a signed body over the route’s limit (413): by its Content-Length unread, and chunked once the limit is counted', async () => {
    const declared = endlessBody();
    const byLength = answer();
    await answerThroughHost(host, requestOf(declared.stream, { authorization: 'Bearer admin-token', 'content-length': String(32 * MiB) }), byLength.response);
    expect(byLength.got.status).toBe(413);
    expect(declared.counted.read).toBe(0);

    const chunked = endlessBody();
    const byCount = answer();
    await answerThroughHost(host, requestOf(chunked.stream, { authorization: 'Bearer admin-token', 'transfer-encoding': 'chunked' }), byCount.response);
    expect(byCount.got).toEqual({ status: 413, body: JSON.stringify({ error: 'The request body is too large.' }) });
    // POST /send-mail takes 5 MiB: read up to there, and no further once answered.
    const readWhenAnswered = chunked.counted.read;
    expect(readWhenAnswered).toBeGreaterThan(5 * MiB);
    expect(readWhenAnswered).toBeLessThan(6 * MiB);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chunked.counted.read).toBe(readWhenAnswered);
    expect(sent).toEqual([]);
  });

  it('reads a signed body within the limit that the platform has not read, and serves it', async () => {
    const { got, response } = answer();
    const body = Buffer.from(JSON.stringify(mail));
    // Sent in two pieces, as a chunked upload arrives.
    const stream = Readable.from([body.subarray(0, 10), body.subarray(10)], { objectMode: false });
    await answerThroughHost(host, requestOf(stream, { authorization: 'Bearer admin-token', 'transfer-encoding': 'chunked' }), response);
    expect(got.status).toBe(200);
    expect(sent.map((m) => m.to)).toEqual(['casey@example.com']);
  });

  it('serves a body the platform has already read (rawBody) as it did', async () => {
    const { got, response } = answer();
    const rawBody = Buffer.from(JSON.stringify(mail));
    const request = Object.assign(requestOf(Readable.from([]), { authorization: 'Bearer admin-token', 'content-length': String(rawBody.length) }), { rawBody });
    await answerThroughHost(host, request, response);
    expect(got.status).toBe(200);
    expect(sent).toHaveLength(1);
  });
});
