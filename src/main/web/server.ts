import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fail } from '../../shared/result';
import type { Dispatch, EventSource } from '../rpc/types';
import { BRIDGE_FILE, BRIDGE_PATH, readStatic, resolveStaticPath } from './static';

export interface WebServerOptions {
  dispatch: Dispatch;
  events: EventSource;
  rendererDir: string;
  token: string;
  port: number;
  /** The bundled bridge script; by default the build's, beside out/main/web.js. */
  bridgeFile?: string;
  /** The clock launch codes expire by (tests move it). */
  now?: () => number;
  /**
   * The token was replaced (a spent launch code was presented again): `url` is the new address to
   * print, since the one printed before no longer opens anything.
   */
  onNewAddress?: (url: string) => void;
}

export interface RunningWebServer {
  port: number;
  /** The address carrying the current token (it changes when the token is replaced). */
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
/** How long an idle keep-alive connection stays open (Node's default is 5 s). */
export const IDLE_CONNECTION_MS = 120_000;
const HOST = '127.0.0.1';
/** A launch code opens the page once, within this long. */
export const LAUNCH_CODE_MS = 60_000;
/** Launch codes remembered (given out, used or expired) so that one presented again is recognised; older ones are forgotten. */
const LAUNCH_CODES_KEPT = 100;
export const LAUNCH_USED_AGAIN =
  'This launch address was already used. For safety, the session it opened has been closed: open the new address Ledgerdesk printed.';
export const LAUNCH_EXPIRED = 'This launch address has expired. For safety, Ledgerdesk has changed its access key: open the new address it printed.';
export const LAUNCH_UNKNOWN = 'This launch address is not one Ledgerdesk can open. Open the address Ledgerdesk printed most recently.';

const securityHeaders = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin'
};

const sameSecret = (given: string | null | undefined, expected: string): boolean => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const send = (res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}) => {
  res.writeHead(status, { ...securityHeaders, 'content-type': type, 'cache-control': 'no-store', ...extra });
  res.end(body);
};

const sendJson = (res: ServerResponse, status: number, value: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Browser mode: the same handlers as the Electron window, over HTTP on 127.0.0.1 only. Every
 * method call and the event stream need the per-launch token; the static renderer does not,
 * as it holds no data. Whoever holds the token may ask for a launch code (POST /launch-code), the
 * one-time address a browser is opened with, which the page trades for the token (POST /launch).
 */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const { dispatch, events, rendererDir } = options;
  let token = options.token;
  const bridgeFile = options.bridgeFile ?? join(__dirname, BRIDGE_FILE);
  // Without window.api the page can do nothing: refuse to start rather than serve a dead page.
  const bridge = await readFile(bridgeFile).catch(() => {
    throw new Error(`The browser-mode bridge script ${bridgeFile} is missing: build first (npm run build).`);
  });
  const streams = new Set<ServerResponse>();
  let port = options.port;
  const now = options.now ?? Date.now;
  // Launch codes: what opening a browser puts on a command line instead of the token. Each opens
  // the page once (the page trades it for the token) and only within LAUNCH_CODE_MS. A process
  // that reads the command line can trade it first: then the browser Ledgerdesk opened presents it
  // again, and the token is replaced, so whoever raced in is shut out (see replaceToken).
  const launchCodes = new Map<string, { expires: number; used: boolean }>();
  const takeLaunchCode = (code: unknown): { token: string } | { refused: string } => {
    const issued = typeof code === 'string' ? launchCodes.get(code) : undefined;
    // Unknown: never given out, or forgotten by a replacement. Nobody could have used it, and any page can post one.
    if (!issued) return { refused: LAUNCH_UNKNOWN };
    if (!issued.used && issued.expires > now()) {
      issued.used = true;
      return { token };
    }
    replaceToken();
    return { refused: issued.used ? LAUNCH_USED_AGAIN : LAUNCH_EXPIRED };
  };
  const giveLaunchCode = (): string => {
    const code = randomBytes(24).toString('base64url');
    launchCodes.set(code, { expires: now() + LAUNCH_CODE_MS, used: false });
    // A Map keeps the order codes were given in: forget the oldest.
    for (const old of launchCodes.keys()) if (launchCodes.size > LAUNCH_CODES_KEPT) launchCodes.delete(old);
    return code;
  };
  /**
   * A launch code came back used or late: whoever traded it may not be the browser Ledgerdesk
   * opened. A new token shuts every holder of the old one out (calls answer 401, event streams
   * end); every code given out is forgotten, so none trades for the new token or replaces it again;
   * and the new address is handed to be printed.
   */
  const replaceToken = () => {
    token = randomBytes(24).toString('base64url');
    launchCodes.clear();
    for (const stream of streams) stream.end();
    streams.clear();
    options.onNewAddress?.(addressOf(token));
  };
  const addressOf = (key: string) => `http://${HOST}:${port}/?token=${key}`;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    // A page on another site may not talk to us through a DNS name that points at 127.0.0.1.
    if (req.headers.host !== `${HOST}:${port}` && req.headers.host !== `localhost:${port}`) {
      return sendJson(res, 403, { error: 'Unexpected Host header.' });
    }

    if (url.pathname === '/launch-code') {
      if (!sameSecret(req.headers['x-ledgerdesk-token'] as string | undefined, token)) {
        return sendJson(res, 401, { error: 'Missing or wrong Ledgerdesk token.' });
      }
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use POST.' });
      return sendJson(res, 200, { code: giveLaunchCode() });
    }

    if (url.pathname === '/launch') {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use POST.' });
      const text = await readBody(req);
      let code: unknown = null;
      try {
        code = text ? (JSON.parse(text) as { code?: unknown }).code : null;
      } catch {
        code = null;
      }
      const taken = takeLaunchCode(code);
      return 'token' in taken ? sendJson(res, 200, { token: taken.token }) : sendJson(res, 401, { error: taken.refused });
    }

    if (url.pathname.startsWith('/rpc/')) {
      if (!sameSecret(req.headers['x-ledgerdesk-token'] as string | undefined, token)) {
        return sendJson(res, 401, { error: 'Missing or wrong Ledgerdesk token.' });
      }
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use POST.' });
      const text = await readBody(req);
      if (text === null) return sendJson(res, 200, fail('VALIDATION', 'The request is too large.'));
      let input: unknown;
      try {
        input = text === '' ? {} : JSON.parse(text);
      } catch {
        return sendJson(res, 200, fail('VALIDATION', 'The request body is not valid JSON.'));
      }
      return sendJson(res, 200, await dispatch(url.pathname.slice('/rpc/'.length), input));
    }

    if (url.pathname === '/events') {
      if (!sameSecret(url.searchParams.get('token') ?? (req.headers['x-ledgerdesk-token'] as string), token)) {
        return sendJson(res, 401, { error: 'Missing or wrong Ledgerdesk token.' });
      }
      res.writeHead(200, {
        ...securityHeaders,
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive'
      });
      res.write(': connected\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'Method not allowed.' });
    if (url.pathname === BRIDGE_PATH) return send(res, 200, 'text/javascript; charset=utf-8', bridge);
    const file = resolveStaticPath(rendererDir, url.pathname);
    const found = file ? await readStatic(file) : null;
    if (!found) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    const immutable = url.pathname.startsWith('/assets/');
    return send(res, 200, found.type, found.body, immutable ? { 'cache-control': 'public, max-age=31536000, immutable' } : {});
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error('Browser-mode request failed', error);
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal error.' });
      else res.end();
    });
  });
  // The page and a test's client keep connections open between calls. Node closes an idle one after
  // 5 s, and a call sent on it just then is reset (ECONNRESET: a failed call the administrator did not
  // cause); on 127.0.0.1, for one administrator, an idle connection may stay two minutes.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;

  const unsubscribe = events.subscribe((event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const stream of streams) stream.write(frame);
  });
  // Proxies and idle sockets drop silent streams; a comment line every 25 s keeps them open.
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': ping\n\n');
  }, 25_000);
  heartbeat.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    get url() {
      return addressOf(token);
    },
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        clearInterval(heartbeat);
        for (const stream of streams) stream.end();
        server.close(() => resolve());
        server.closeAllConnections();
      })
  };
}
