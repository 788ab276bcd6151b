import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '@core/ports/logger';
import { CRASH_RUN_MS, logChildProcessGone, recoverFromRendererCrash, recoveryMessage, type RecoveryNotice } from '@main/electron/recovery';
import { isTrustedUrl } from '@main/electron/security';

/** Like a BrowserWindow's webContents: events with (event, ...args), and loadURL finishing with did-finish-load. */
class FakeContents extends EventEmitter {
  loaded: string[] = [];
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    setImmediate(() => this.emit('did-finish-load'));
  }
  navigate(url: string, inPage = false): void {
    this.emit(inPage ? 'did-navigate-in-page' : 'did-navigate', {}, url);
  }
  crash(reason: string, exitCode = 1): void {
    this.emit('render-process-gone', {}, { reason, exitCode });
  }
}

const fakeLogger = () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }) satisfies Logger;
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const webContents = new FakeContents();
  let destroyed = false;
  const window = { webContents, isDestroyed: () => destroyed };
  const log = fakeLogger();
  const notices: RecoveryNotice[] = [];
  let now = 1_000_000;
  recoverFromRendererCrash(window, {
    log,
    homeUrl: 'app://ledgerdesk/',
    isTrusted: (url) => isTrustedUrl(url),
    notify: (notice) => notices.push(notice),
    now: () => now
  });
  return {
    webContents,
    log,
    notices,
    later: (ms: number) => (now += ms),
    destroy: () => (destroyed = true)
  };
}

describe('a renderer that crashes', () => {
  it('is logged with its reason, and the screen it was on is reloaded with a notice', async () => {
    const { webContents, log, notices } = setup();
    webContents.navigate('app://ledgerdesk/');
    webContents.navigate('app://ledgerdesk/withdrawals?status=pending', true);
    webContents.crash('crashed', 139);
    await settle();
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining('renderer process is gone (crashed, exit code 139) on app://ledgerdesk/withdrawals?status=pending')
    );
    expect(webContents.loaded).toEqual(['app://ledgerdesk/withdrawals?status=pending']);
    expect(notices).toEqual([{ kind: 'recovered', reason: 'crashed', url: 'app://ledgerdesk/withdrawals?status=pending' }]);
  });

  it('never reopens a page that is not the app', async () => {
    const { webContents } = setup();
    webContents.navigate('app://ledgerdesk/users');
    webContents.navigate('https://evil.example/');
    webContents.crash('oom');
    await settle();
    expect(webContents.loaded).toEqual(['app://ledgerdesk/users']);
  });

  it('opens the first page after a second crash within a minute, and stops at the third', async () => {
    const { webContents, notices, later, log } = setup();
    webContents.navigate('app://ledgerdesk/audit');
    for (let crash = 0; crash < 3; crash++) {
      webContents.crash('crashed');
      await settle();
      later(10_000);
    }
    expect(webContents.loaded).toEqual(['app://ledgerdesk/audit', 'app://ledgerdesk/']);
    expect(notices).toEqual([
      { kind: 'recovered', reason: 'crashed', url: 'app://ledgerdesk/audit' },
      { kind: 'recovered', reason: 'crashed', url: 'app://ledgerdesk/' },
      { kind: 'gaveUp', reason: 'crashed' }
    ]);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('not reloading again'));
  });

  it('reopens the same screen again when the crashes are more than a minute apart', async () => {
    const { webContents, later } = setup();
    webContents.navigate('app://ledgerdesk/deposits');
    webContents.crash('crashed');
    later(CRASH_RUN_MS);
    webContents.crash('killed');
    await settle();
    expect(webContents.loaded).toEqual(['app://ledgerdesk/deposits', 'app://ledgerdesk/deposits']);
  });

  it('does nothing but log when the window closes normally or is gone', async () => {
    const { webContents, notices, log, destroy } = setup();
    webContents.crash('clean-exit', 0);
    destroy();
    webContents.crash('crashed');
    await settle();
    expect(webContents.loaded).toEqual([]);
    expect(notices).toEqual([]);
    expect(log.error).toHaveBeenCalledTimes(2);
  });
});

describe('the recovery notice', () => {
  it('names the screen that was reopened and where the details are', () => {
    const box = recoveryMessage({ kind: 'recovered', reason: 'oom', url: 'app://ledgerdesk/users/u1?tab=kyc' });
    expect(box).toMatchObject({ type: 'info', title: 'Ledgerdesk recovered' });
    expect(box.detail).toContain('(oom) and /users/u1 was opened again');
    expect(box.detail).toContain('Help > Open logs folder');
  });

  it('says plainly when it gave up', () => {
    expect(recoveryMessage({ kind: 'gaveUp', reason: 'crashed' })).toMatchObject({ type: 'error', title: 'Ledgerdesk keeps stopping' });
  });
});

describe('child processes', () => {
  it('logs a GPU or utility process that died, and a clean exit as information', () => {
    const app = new EventEmitter();
    const log = fakeLogger();
    logChildProcessGone(app, log);
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 11 });
    app.emit(
      'child-process-gone',
      {},
      { type: 'Utility', reason: 'clean-exit', exitCode: 0, serviceName: 'network.mojom.NetworkService', name: 'Network Service' }
    );
    expect(log.error).toHaveBeenCalledExactlyOnceWith('Child process gone: GPU (GPU, crashed, exit code 11)');
    expect(log.info).toHaveBeenCalledExactlyOnceWith('Child process gone: Network Service (Utility, clean-exit, exit code 0)');
  });
});
