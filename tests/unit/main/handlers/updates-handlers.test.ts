import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMainServices, type MainServices } from '@main/compose';
import type { UpdateControl } from '@core/ports/updateControl';
import type { UpdateStatus } from '@shared/contract';
import { AppError } from '@shared/result';

// Through the real composition root (unconfigured, so no Firebase) and its dispatcher: proves the
// contract, the handlers and StartOptions.updates are wired together, with no administrator signed in.
let services: MainServices | null = null;

const start = async (updates?: UpdateControl) => {
  services = await startMainServices({
    transport: 'browser',
    dataDir: mkdtempSync(join(tmpdir(), 'ledgerdesk-updates-')),
    version: '0.1.0',
    env: {},
    updates
  });
  return services;
};

afterEach(async () => {
  await services?.dispose();
  services = null;
});

describe('update methods', () => {
  it('answer inactive without an updater (browser mode, development)', async () => {
    const { dispatch } = await start();
    expect(await dispatch('app.updateStatus', {})).toEqual({
      ok: true,
      value: { state: 'inactive', version: null, message: null }
    });
  });

  it('refuse to restart without an updater, as a CONFLICT', async () => {
    const { dispatch } = await start();
    expect(await dispatch('app.restartToUpdate', {})).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'Updates apply to the installed desktop app only.' }
    });
  });

  it('pass the updater status through, and restart on request', async () => {
    const ready: UpdateStatus = { state: 'ready', version: '0.2.0', message: null };
    const updates = { status: vi.fn(() => ready), restartToUpdate: vi.fn() };
    const { dispatch } = await start(updates);
    expect(await dispatch('app.updateStatus', {})).toEqual({ ok: true, value: ready });
    expect(await dispatch('app.restartToUpdate', {})).toEqual({ ok: true, value: null });
    expect(updates.restartToUpdate).toHaveBeenCalledOnce();
  });

  it("pass the updater's refusal on as a value", async () => {
    const updates: UpdateControl = {
      status: () => ({ state: 'downloading', version: '0.2.0', message: null }),
      restartToUpdate: () => {
        throw new AppError('CONFLICT', 'No update is ready to install.');
      }
    };
    const { dispatch } = await start(updates);
    expect(await dispatch('app.restartToUpdate', {})).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'No update is ready to install.' }
    });
  });

  it('validate input like every other method', async () => {
    const { dispatch } = await start();
    expect(await dispatch('app.restartToUpdate', { force: true })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });

  it('carry update events to the transports through the services event bus', async () => {
    const { events } = await start();
    const heard = vi.fn();
    events.subscribe(heard);
    events.emit('app.updateReady', { version: '0.2.0' });
    expect(heard).toHaveBeenCalledWith('app.updateReady', { version: '0.2.0' });
  });
});
