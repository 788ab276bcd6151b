import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dispatch } from '@main/rpc/types';
import { EventBus } from '@main/session/events';
import { startWebServer, type RunningWebServer } from '@main/web/server';
import { onDevServer, startRendererDevServer, type RendererDevServer } from '../../../../tools/devenv/start/devServer';

// `npm run dev` in browser mode: the page comes from Vite's dev server (hot reload), the calls and
// the event stream go on to the main process's web server, which still checks its token.
const TOKEN = 'dev-mode-token';
const BRIDGE = 'window.__bridgeLoaded = true;';

let web: RunningWebServer;
let dev: RendererDevServer;
const dispatch = vi.fn<Dispatch>(async (method) => ({ ok: true, value: { answeredBy: 'main', method } }));
const events = new EventBus();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-dev-'));
  writeFileSync(join(dir, 'web-bridge.js'), BRIDGE);
  web = await startWebServer({ dispatch, events, rendererDir: dir, token: TOKEN, port: 0, bridgeFile: join(dir, 'web-bridge.js') });
  dev = await startRendererDevServer({ webOrigin: `http://127.0.0.1:${web.port}`, port: 0, quiet: true });
}, 60_000);

afterAll(async () => {
  await dev?.close();
  await web?.close();
});

describe('the dev server of npm run dev (browser mode)', () => {
  it('serves the page from source with hot reload, the bridge script first, and inline scripts allowed for React Refresh', async () => {
    const page = await fetch(`${dev.origin}/deposits?status=pending`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/@vite/client');
    expect(html.indexOf('<script src="/ledgerdesk-bridge.js"></script>')).toBeGreaterThan(-1);
    expect(html.indexOf('<script src="/ledgerdesk-bridge.js"></script>')).toBeLessThan(html.search(/src="\.?\/src\/main\.tsx"/));
    expect(html).toContain("script-src 'self' 'unsafe-inline'");
    // A screen's module as the browser gets it: compiled from TypeScript, accepting hot updates.
    const module = await (await fetch(`${dev.origin}/src/app/App.tsx`)).text();
    expect(module).toContain('import.meta.hot');
  }, 60_000);

  it('forwards the calls, the bridge and the event stream to the main process, which still wants its token', async () => {
    expect(await (await fetch(`${dev.origin}/ledgerdesk-bridge.js`)).text()).toBe(BRIDGE);

    const answered = await fetch(`${dev.origin}/rpc/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ledgerdesk-token': TOKEN },
      body: '{}'
    });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ ok: true, value: { answeredBy: 'main', method: 'app.info' } });

    const refused = await fetch(`${dev.origin}/rpc/app.info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);

    const stream = await fetch(`${dev.origin}/events?token=${TOKEN}`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(': connected');
    events.emit('mail.changed', {});
    const next = new TextDecoder().decode((await reader.read()).value);
    expect(next).toContain('event: mail.changed');
    await reader.cancel();
  }, 60_000);
});

describe('the addresses npm run dev prints and opens', () => {
  it("are the web server's, on the dev server's origin, with the token or launch code kept", () => {
    expect(onDevServer('http://127.0.0.1:5199/?token=abc', 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173/?token=abc');
    expect(onDevServer('http://127.0.0.1:40123/?launch=xyz', 'http://127.0.0.1:5174')).toBe('http://127.0.0.1:5174/?launch=xyz');
  });
});
