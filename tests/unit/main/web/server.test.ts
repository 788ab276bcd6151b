import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { bundleWebBridge } from '../../../../electron.vite.config';
import type { Dispatch } from '@main/rpc/types';
import { EventBus } from '@main/session/events';
import { LAUNCH_CODE_MS, LAUNCH_EXPIRED, LAUNCH_UNKNOWN, LAUNCH_USED_AGAIN, startWebServer, type RunningWebServer } from '@main/web/server';
import { launchAddress } from '../../../../tools/devenv/start/launch';
import { resolveStaticPath } from '@main/web/static';
import { methodNames } from '@shared/methods';
import { fakePage, runScript } from '../../../support/fakes/fakePage';

const TOKEN = 'per-launch-secret';

// The bridge script as the build makes it (out/main/web-bridge.js).
let bridgeFile: string;
beforeAll(async () => {
  bridgeFile = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-bridge-')), 'web-bridge.js');
  writeFileSync(bridgeFile, (await bundleWebBridge()).code);
}, 60_000);

describe('browser-mode server', () => {
  let server: RunningWebServer;
  let dispatch: Mock<Dispatch>;
  let events: EventBus;
  let base: string;
  let rendererDir: string;
  let clock: number;
  /** The addresses the server handed to be printed after replacing its token. */
  let newAddresses: string[];

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-renderer-'));
    rendererDir = dir;
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html><head><script type="module" src="/assets/app.js"></script></head></html>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    dispatch = vi.fn<Dispatch>(async (method) => ({ ok: true, value: { method } }));
    events = new EventBus();
    clock = Date.parse('2026-11-25T12:00:00Z');
    newAddresses = [];
    server = await startWebServer({
      dispatch,
      events,
      rendererDir: dir,
      token: TOKEN,
      port: 0,
      bridgeFile,
      now: () => clock,
      onNewAddress: (url) => newAddresses.push(url)
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterEach(() => server.close());

  const rpc = (method: string, body: unknown, token: string | null = TOKEN) =>
    fetch(`${base}/rpc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-ledgerdesk-token': token }) },
      body: typeof body === 'string' ? body : JSON.stringify(body)
    });

  it("keeps an idle connection open past Node's 5 s (and its second of grace), so a call sent on it then is answered, not reset", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(
          `${base}/rpc/session.state`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-ledgerdesk-token': TOKEN } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
          }
        );
        req.on('error', reject);
        req.end('{}');
      });
    try {
      expect(await call()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(await call()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);

  it('prints an address on 127.0.0.1 carrying the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${TOKEN}`);
  });

  describe('launch codes: the one-time address a browser is opened with', () => {
    const trade = (code: unknown) =>
      fetch(`${base}/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    const codeOf = async (url = server.url) => new URL(await launchAddress(url)).searchParams.get('launch');
    const tokenOf = (url: string) => new URL(url).searchParams.get('token');
    const stream = (token: string) => fetch(`${base}/events?token=${token}`);

    it('are given only to the token, and open the page once', async () => {
      expect((await fetch(`${base}/launch-code`, { method: 'POST' })).status).toBe(401);
      const address = await launchAddress(server.url);
      expect(address).toMatch(new RegExp(`^${base}/\\?launch=[A-Za-z0-9_-]{32}$`));
      expect(address).not.toContain(TOKEN);
      const first = await trade(new URL(address).searchParams.get('launch'));
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ token: TOKEN });
      expect(newAddresses).toEqual([]);
    });

    it('presented again after its use, closes the session it opened: whoever raced in is signed out, and a new address is printed', async () => {
      const code = await codeOf();
      // A local process read the code off the command line and traded it first.
      const raced = (await (await trade(code)).json()) as { token: string };
      expect((await rpc('session.get', {}, raced.token)).status).toBe(200);
      const racedStream = await stream(raced.token);
      const racedReader = racedStream.body!.getReader();
      await racedReader.read(); // ": connected"
      dispatch.mockClear();

      // The browser Ledgerdesk opened arrives second with the same code.
      const second = await trade(code);
      expect(second.status).toBe(401);
      expect(await second.json()).toEqual({ error: LAUNCH_USED_AGAIN });

      // The raced-in token no longer calls, streams or asks for launch codes; its open stream has ended.
      expect((await rpc('session.get', {}, raced.token)).status).toBe(401);
      expect((await stream(raced.token)).status).toBe(401);
      expect((await fetch(`${base}/launch-code`, { method: 'POST', headers: { 'x-ledgerdesk-token': raced.token } })).status).toBe(401);
      expect((await racedReader.read()).done).toBe(true);
      expect(dispatch).not.toHaveBeenCalled();

      // The new address is handed out to be printed, and it lets a person in.
      expect(newAddresses).toEqual([server.url]);
      const fresh = tokenOf(server.url)!;
      expect(fresh).not.toBe(TOKEN);
      expect(fresh).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect((await rpc('session.get', {}, fresh)).status).toBe(200);
      expect((await trade(await codeOf())).status).toBe(200);
    });

    it('once the token is replaced, no code given before opens anything or replaces it again', async () => {
      const used = await codeOf();
      const unused = await codeOf();
      await trade(used);
      expect((await trade(used)).status).toBe(401);
      expect(newAddresses).toHaveLength(1);
      // A code the racer asked for with the old token cannot trade for the new one.
      const late = await trade(unused);
      expect(late.status).toBe(401);
      expect(await late.json()).toEqual({ error: LAUNCH_UNKNOWN });
      // The spent code a third time: refused, and the new address stands.
      expect((await trade(used)).status).toBe(401);
      expect(newAddresses).toHaveLength(1);
      expect((await rpc('session.get', {}, tokenOf(newAddresses[0]!))).status).toBe(200);
    });

    it('expire after 60 seconds: one presented late replaces the token too; a made-up code is refused and changes nothing', async () => {
      const late = await codeOf();
      const inTime = await codeOf();
      clock += LAUNCH_CODE_MS - 1;
      expect((await trade(inTime)).status).toBe(200);
      for (const guess of ['guess', null, 42]) {
        const refused = await trade(guess);
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({ error: LAUNCH_UNKNOWN });
      }
      expect(newAddresses).toEqual([]);
      expect((await rpc('session.get', {}, TOKEN)).status).toBe(200);
      clock += 1;
      const expired = await trade(late);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual({ error: LAUNCH_EXPIRED });
      expect(newAddresses).toHaveLength(1);
      expect((await rpc('session.get', {}, TOKEN)).status).toBe(401);
    });
  });

  it('answers 401 and does nothing without the token', async () => {
    const response = await rpc('session.signOut', {}, null);
    expect(response.status).toBe(401);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('answers 401 and does nothing with a wrong token', async () => {
    const response = await rpc('session.signOut', {}, 'guess');
    expect(response.status).toBe(401);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('runs a method with the token and answers 200 with the Result', async () => {
    const response = await rpc('dashboard.summary', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, value: { method: 'dashboard.summary' } });
    expect(dispatch).toHaveBeenCalledWith('dashboard.summary', {});
  });

  it('answers bad JSON with a VALIDATION result, still 200', async () => {
    const response = await rpc('session.signIn', '{oops');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses the event stream without the token', async () => {
    const response = await fetch(`${base}/events`);
    expect(response.status).toBe(401);
  });

  it('streams events to the page', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/events?token=${TOKEN}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    await reader.read(); // the ": connected" comment
    events.emit('session.idleWarning', { signOutAt: '2026-11-21T10:00:00.000Z', msLeft: 15_000 });
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe('event: session.idleWarning\ndata: {"signOutAt":"2026-11-21T10:00:00.000Z","msLeft":15000}\n\n');
    controller.abort();
  });

  it('serves screens as index.html with the bridge before the app script', async () => {
    const response = await fetch(`${base}/users`);
    const html = await response.text();
    expect(html.indexOf('/ledgerdesk-bridge.js')).toBeGreaterThan(-1);
    expect(html.indexOf('/ledgerdesk-bridge.js')).toBeLessThan(html.indexOf('/assets/app.js'));
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves a bridge that defines window.api from the contract', async () => {
    const response = await fetch(`${base}/ledgerdesk-bridge.js`);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await response.text();
    expect(script).not.toContain(TOKEN);
    // Run in a stand-in page, the script defines window.api with every contract method.
    const page = fakePage(`/login?token=${TOKEN}`);
    const api = runScript(script, page).global['api'] as Record<string, Record<string, unknown>>;
    for (const method of methodNames) {
      const [namespace, leaf] = method.split('.') as [string, string];
      expect(typeof api[namespace]?.[leaf], method).toBe('function');
    }
    await (api['session']!['signIn'] as (input: unknown) => Promise<unknown>)({ email: 'a@b.c' });
    expect(page.fetch).toHaveBeenCalledWith('/rpc/session.signIn', expect.objectContaining({ method: 'POST' }));
  });

  it('refuses to start without its bridge script, naming the missing file', async () => {
    await expect(startWebServer({ dispatch, events, rendererDir, token: TOKEN, port: 0, bridgeFile: join(rendererDir, 'absent.js') })).rejects.toThrow(
      /absent\.js is missing: build first/
    );
  });

  it('refuses other Host headers (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host: 'evil.example:80' } }, (res) => resolve(res.statusCode ?? 0)).end();
    });
    expect(status).toBe(403);
  });
});

describe('static path resolution', () => {
  const dir = '/srv/renderer';
  it('maps screens to index.html and assets to files', () => {
    expect(resolveStaticPath(dir, '/Settings')).toBe('/srv/renderer/index.html');
    expect(resolveStaticPath(dir, '/assets/app.js')).toBe('/srv/renderer/assets/app.js');
  });
  it('refuses paths that leave the folder', () => {
    expect(resolveStaticPath(dir, '/../../etc/passwd.txt')).toBeNull();
    expect(resolveStaticPath(dir, '/%2e%2e/%2e%2e/etc/shadow.txt')).toBeNull();
    expect(resolveStaticPath(dir, '/a%00.js')).toBeNull();
  });
});
