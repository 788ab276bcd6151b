import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMainServices, type MainServices } from '@main/compose';
import type { Logger } from '@core/ports/logger';
import type { UpdateControl } from '@core/ports/updateControl';

// The desktop entry hands the composition root its electron-log Logger; an error inside a method
// must reach that logger (the file an administrator can send), not the console nobody sees.
let services: MainServices | null = null;

const broken: UpdateControl = {
  status: () => {
    throw new TypeError('Cannot read properties of undefined');
  },
  restartToUpdate: () => undefined
};

const start = async (log?: Logger) => {
  services = await startMainServices({
    transport: 'electron',
    dataDir: mkdtempSync(join(tmpdir(), 'ledgerdesk-logger-')),
    version: '0.1.0',
    env: {},
    updates: broken,
    log
  });
  return services;
};

afterEach(async () => {
  vi.restoreAllMocks();
  await services?.dispose();
  services = null;
});

describe('the Logger given to the composition root', () => {
  it('receives the errors of the methods the dispatcher runs', async () => {
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dispatch } = await start(log);
    const answer = await dispatch('app.updateStatus', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(log.error).toHaveBeenCalledExactlyOnceWith('Method app.updateStatus failed', expect.any(TypeError));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('is the console when none is given (browser mode)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dispatch } = await start();
    await dispatch('app.updateStatus', {});
    expect(consoleError).toHaveBeenCalledWith('Method app.updateStatus failed', expect.any(TypeError));
  });
});
