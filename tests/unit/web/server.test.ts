import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Dispatch } from '../../../src/main/rpc/types';
import { EventBus } from '../../../src/main/session/events';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { resolveStaticPath } from '../../../src/main/web/static';

const TOKEN = 'per-launch-secret';

describe('browser-mode server', () => {
  let server: RunningWebServer;
  let dispatch: Mock<Dispatch>;
  let events: EventBus;
  let base: string;

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-renderer-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html><head><script type="module" src="/assets/app.js"></script></head></html>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    dispatch = vi.fn<Dispatch>(async (method) => ({ ok: true, value: { method } }));
    events = new EventBus();
    server = await startWebServer({ dispatch, events, rendererDir: dir, token: TOKEN, port: 0 });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterEach(() => server.close());

  const rpc = (method: string, body: unknown, token: string | null = TOKEN) =>
    fetch(`${base}/rpc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-ledgerdesk-token': token }) },
      body: typeof body === 'string' ? body : JSON.stringify(body)
    });

  it('prints an address on 127.0.0.1 carrying the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${TOKEN}`);
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
    expect(new TextDecoder().decode(value)).toBe(
      'event: session.idleWarning\ndata: {"signOutAt":"2026-11-21T10:00:00.000Z","msLeft":15000}\n\n'
    );
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
    const script = await (await fetch(`${base}/ledgerdesk-bridge.js`)).text();
    expect(script).toContain('"session.signIn"');
    expect(script).not.toContain(TOKEN);
  });

  it('refuses other Host headers (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host: 'evil.example:80' } }, (res) =>
        resolve(res.statusCode ?? 0)
      ).end();
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
