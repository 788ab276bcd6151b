import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMainServices, type MainServices } from '@main/compose';
import { RENDERER_ERRORS_PER_MINUTE, RendererErrorLog } from '@core/rendererErrors';
import type { Logger } from '@core/ports/logger';

// A screen's error reaches the main log through log.rendererError: the Logger the desktop entry hands
// the composition root writes main.log (electron-log), browser mode's is its terminal.
let services: MainServices | null = null;

const start = async (log?: Logger) => {
  services = await startMainServices({
    transport: 'electron',
    dataDir: mkdtempSync(join(tmpdir(), 'ledgerdesk-renderer-errors-')),
    version: '0.1.0',
    env: {},
    log
  });
  return services;
};

const capturing = () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() });

afterEach(async () => {
  vi.restoreAllMocks();
  await services?.dispose();
  services = null;
});

describe('log.rendererError', () => {
  it('writes the screen, the message and the stack to the main log, signed out too', async () => {
    const log = capturing();
    const { dispatch } = await start(log);
    const answer = await dispatch('log.rendererError', {
      kind: 'boundary',
      message: "Cannot read properties of undefined (reading 'amount')",
      stack: "TypeError: Cannot read properties of undefined (reading 'amount')\n    at DepositRow (app://ledgerdesk/assets/MoneyListPage.js:1:200)",
      route: '/deposits'
    });
    expect(answer).toEqual({ ok: true, value: null });
    expect(log.error).toHaveBeenCalledExactlyOnceWith(
      "Renderer (a screen stopped on an error) on /deposits: Cannot read properties of undefined (reading 'amount')\n" +
        "    TypeError: Cannot read properties of undefined (reading 'amount')\n" +
        '    at DepositRow (app://ledgerdesk/assets/MoneyListPage.js:1:200)'
    );
  });

  it('never writes an e-mail address or a token, whatever the page sent', async () => {
    const log = capturing();
    const { dispatch } = await start(log);
    await dispatch('log.rendererError', {
      kind: 'unhandledrejection',
      message: 'No customer olivia@example.com\n[2026-01-01 00:00:00] [info] a line of its own',
      stack: 'at fetch (http://127.0.0.1:5199/?token=Zm9vYmFyYmF6cXV4)',
      route: '/users/by-email'
    });
    const line = String(log.error.mock.calls[0]?.[0]);
    expect(line).not.toContain('olivia@example.com');
    expect(line).not.toContain('Zm9vYmFyYmF6cXV4');
    expect(line).toContain('[email]');
    // The message stays on the first line: it cannot pass for a line of the log.
    expect(line.split('\n')[0]).toContain('[email] | [2026-01-01 00:00:00] [info] a line of its own');
    expect(line.split('\n').slice(1)).toEqual(['    at fetch (http://127.0.0.1:5199/?token=[secret])']);
  });

  it('refuses an unbounded report, as the contract says', async () => {
    const log = capturing();
    const { dispatch } = await start(log);
    const answer = await dispatch('log.rendererError', { kind: 'onerror', message: 'x'.repeat(2_001), stack: null, route: '/' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('is the terminal in browser mode (no Logger given)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dispatch } = await start();
    await dispatch('log.rendererError', { kind: 'route', message: 'Boom', stack: null, route: '/login' });
    expect(consoleError).toHaveBeenCalledWith('Renderer (the page stopped on an error) on /login: Boom');
  });
});

describe('a page in a loop of errors', () => {
  it('fills the log with at most 30 a minute, says how many more there were, then writes again', () => {
    const log = capturing();
    let now = 0;
    const errors = new RendererErrorLog(log, () => now);
    for (let i = 0; i < RENDERER_ERRORS_PER_MINUTE + 5; i += 1) errors.write({ kind: 'onerror', message: `Boom ${i}`, stack: null, route: '/' });
    expect(log.error).toHaveBeenCalledTimes(RENDERER_ERRORS_PER_MINUTE);
    expect(log.warn).toHaveBeenCalledExactlyOnceWith(
      `Renderer: more than ${RENDERER_ERRORS_PER_MINUTE} errors within a minute; the rest of that minute's are not written.`
    );
    now = 60_000;
    errors.write({ kind: 'onerror', message: 'After the minute', stack: null, route: '/' });
    expect(log.warn).toHaveBeenLastCalledWith('Renderer: 5 more errors in that minute were not written.');
    expect(log.error).toHaveBeenLastCalledWith('Renderer (uncaught error) on /: After the minute');
  });
});
