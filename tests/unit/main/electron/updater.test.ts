import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createUpdater, defaultChannelFor, readableUpdateError, UPDATE_INTERVAL_MS, type IntervalClock } from '@main/electron/updater';
import { AppError } from '@shared/result';

type CheckOutcome = 'not-available' | { available: string } | { fail: Error; emitted?: boolean };

/** Like electron-updater's autoUpdater: a check emits events and, on failure, emits 'error' and rejects. */
class FakeAutoUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  allowDowngrade = false;
  forceDevUpdateConfig = false;
  private channelName: string | null = null;
  channelsSet: string[] = [];
  feeds: unknown[] = [];
  checks = 0;
  installs = 0;
  next: CheckOutcome[] = [];

  setFeedURL(options: unknown): void {
    this.feeds.push(options);
  }

  /** Like electron-updater: setting a channel silently allows downgrades. */
  get channel(): string | null {
    return this.channelName;
  }
  set channel(value: string | null) {
    this.channelName = value;
    if (value) this.channelsSet.push(value);
    this.allowDowngrade = true;
  }

  async checkForUpdates(): Promise<{ downloadPromise: Promise<unknown> | null } | null> {
    this.checks += 1;
    const outcome = this.next.shift() ?? 'not-available';
    this.emit('checking-for-update');
    if (outcome === 'not-available') {
      this.emit('update-not-available', { version: '0.1.0' });
      return { downloadPromise: null };
    }
    if ('fail' in outcome) {
      if (outcome.emitted !== false) this.emit('error', outcome.fail, outcome.fail.stack);
      throw outcome.fail;
    }
    this.emit('update-available', { version: outcome.available });
    return { downloadPromise: new Promise(() => undefined) };
  }

  /** The download finishing later, as autoDownload does in the background. */
  finishDownload(version: string): void {
    this.emit('update-downloaded', { version });
  }

  quitAndInstall(): void {
    this.installs += 1;
  }
}

function fakeIntervalClock() {
  const timers = new Map<number, { every: number; callback: () => void }>();
  let nextId = 1;
  let now = 0;
  const clock: IntervalClock = {
    setInterval: (callback, every) => {
      timers.set(nextId, { every, callback });
      return nextId++;
    },
    clearInterval: (handle) => void timers.delete(handle as number)
  };
  /** Moves time on, firing each interval as many times as it falls due. */
  const advance = async (ms: number) => {
    const from = now;
    now += ms;
    for (const { every, callback } of timers.values()) {
      for (let due = Math.floor(from / every) + 1; due * every <= now; due += 1) callback();
    }
    await flush();
  };
  return { clock, advance, active: () => timers.size };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup(options: { isPackaged?: boolean; feedUrl?: string; channel?: 'stable' | 'beta' } = {}) {
  const autoUpdater = new FakeAutoUpdater();
  const log = { info: vi.fn(), error: vi.fn() };
  const emit = vi.fn();
  const time = fakeIntervalClock();
  const updater = createUpdater({
    autoUpdater,
    isPackaged: options.isPackaged ?? true,
    feedUrl: options.feedUrl,
    channel: options.channel,
    log,
    emit,
    clock: time.clock
  });
  return { autoUpdater, log, emit, time, updater };
}

const conflict = (run: () => void): AppError => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a CONFLICT AppError');
};

describe('the updater in development (not packaged)', () => {
  it('never checks without LEDGERDESK_UPDATE_URL, reports inactive and refuses to restart', async () => {
    const { autoUpdater, updater, emit, time } = setup({ isPackaged: false });
    updater.start();
    await time.advance(UPDATE_INTERVAL_MS * 3);

    expect(autoUpdater.checks).toBe(0);
    expect(autoUpdater.feeds).toEqual([]);
    expect(time.active()).toBe(0);
    expect(updater.status()).toEqual({ state: 'inactive', version: null, message: null });
    const error = conflict(() => updater.restartToUpdate());
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('Updates apply to the installed desktop app only.');
    expect(autoUpdater.installs).toBe(0);
    expect(emit).not.toHaveBeenCalled();
  });

  it('checks the feed LEDGERDESK_UPDATE_URL names, so the update flow can be tried before packaging', async () => {
    const { autoUpdater, updater } = setup({ isPackaged: false, feedUrl: 'http://127.0.0.1:9000/feed/' });
    expect(autoUpdater.feeds).toEqual([{ provider: 'generic', url: 'http://127.0.0.1:9000/feed/' }]);
    expect(autoUpdater.forceDevUpdateConfig).toBe(true);
    updater.start();
    await flush();
    expect(autoUpdater.checks).toBe(1);
  });
});

describe('the updater in a packaged build', () => {
  it('downloads in the background and installs on quit, never forcing a restart', () => {
    const { autoUpdater } = setup();
    expect(autoUpdater.autoDownload).toBe(true);
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
  });

  it('reads its feed from app-update.yml alone: LEDGERDESK_UPDATE_URL cannot point it elsewhere', async () => {
    const { autoUpdater, updater, log } = setup({ feedUrl: 'https://elsewhere.example/ledgerdesk' });
    updater.start();
    await flush();
    expect(autoUpdater.feeds).toEqual([]);
    expect(autoUpdater.forceDevUpdateConfig).toBe(false);
    expect(autoUpdater.checks).toBe(1);
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^LEDGERDESK_UPDATE_URL is ignored/));
    expect(setup({ feedUrl: undefined }).autoUpdater.feeds).toEqual([]);
  });

  it('checks at start and again every 6 hours, not before', async () => {
    const { autoUpdater, updater, time } = setup();
    expect(autoUpdater.checks).toBe(0);
    updater.start();
    await flush();
    expect(autoUpdater.checks).toBe(1);
    expect(updater.status().state).toBe('idle');

    await time.advance(UPDATE_INTERVAL_MS - 1);
    expect(autoUpdater.checks).toBe(1);
    await time.advance(1);
    expect(autoUpdater.checks).toBe(2);
    await time.advance(UPDATE_INTERVAL_MS);
    expect(autoUpdater.checks).toBe(3);

    updater.stop();
    await time.advance(UPDATE_INTERVAL_MS * 2);
    expect(autoUpdater.checks).toBe(3);
  });

  it('goes available -> downloaded -> ready, announces it, and restarts once on request', async () => {
    const { autoUpdater, updater, emit } = setup();
    autoUpdater.next = [{ available: '0.2.0' }];
    updater.start();
    await flush();
    expect(updater.status()).toEqual({ state: 'downloading', version: '0.2.0', message: null });
    expect(emit).not.toHaveBeenCalled();

    autoUpdater.finishDownload('0.2.0');
    expect(updater.status()).toEqual({ state: 'ready', version: '0.2.0', message: null });
    expect(emit).toHaveBeenCalledExactlyOnceWith('app.updateReady', { version: '0.2.0' });
    expect(autoUpdater.installs).toBe(0);

    updater.restartToUpdate();
    updater.restartToUpdate();
    expect(autoUpdater.installs).toBe(1);
  });

  it('stops checking once an update is ready, and does not announce the same version twice', async () => {
    const { autoUpdater, updater, emit, time } = setup();
    autoUpdater.next = [{ available: '0.2.0' }];
    updater.start();
    await flush();
    autoUpdater.finishDownload('0.2.0');
    autoUpdater.finishDownload('0.2.0');
    await time.advance(UPDATE_INTERVAL_MS * 2);
    expect(autoUpdater.checks).toBe(1);
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it('refuses to restart before an update is ready', async () => {
    const { autoUpdater, updater } = setup();
    expect(conflict(() => updater.restartToUpdate()).message).toBe('No update is ready to install.');
    autoUpdater.next = [{ available: '0.2.0' }];
    updater.start();
    await flush();
    expect(conflict(() => updater.restartToUpdate()).code).toBe('CONFLICT');
    expect(autoUpdater.installs).toBe(0);
  });

  it('logs every error, tells the renderer once, and again only after a successful check', async () => {
    const { autoUpdater, updater, emit, log, time } = setup();
    const offline = Object.assign(new Error('getaddrinfo ENOTFOUND updates.example.com'), { code: 'ENOTFOUND' });
    autoUpdater.next = [{ fail: offline }, { fail: offline }, { fail: offline }, 'not-available', { fail: offline }];

    updater.start();
    await flush();
    expect(log.error).toHaveBeenCalledWith('Update failed', offline);
    expect(emit).toHaveBeenCalledExactlyOnceWith('app.updateError', {
      message: 'The update server could not be reached.'
    });
    expect(updater.status()).toEqual({
      state: 'error',
      version: null,
      message: 'The update server could not be reached.'
    });

    await time.advance(UPDATE_INTERVAL_MS * 2);
    expect(autoUpdater.checks).toBe(3);
    expect(log.error).toHaveBeenCalledTimes(3);
    expect(emit).toHaveBeenCalledTimes(1);

    await time.advance(UPDATE_INTERVAL_MS);
    expect(updater.status().state).toBe('idle');
    await time.advance(UPDATE_INTERVAL_MS);
    expect(emit).toHaveBeenCalledTimes(2);
    expect(emit).toHaveBeenLastCalledWith('app.updateError', { message: 'The update server could not be reached.' });
  });

  it('survives checkForUpdates rejecting without an error event, and reports it', async () => {
    const { autoUpdater, updater, emit, time } = setup();
    autoUpdater.next = [{ fail: new Error('HttpError: 404 Not Found\n"method: GET url: https://x/latest.yml"'), emitted: false }];
    updater.start();
    await flush();
    expect(emit).toHaveBeenCalledExactlyOnceWith('app.updateError', { message: 'HttpError: 404 Not Found' });
    await time.advance(UPDATE_INTERVAL_MS);
    expect(autoUpdater.checks).toBe(2);
    expect(updater.status().state).toBe('idle');
  });

  it('survives checkForUpdates throwing synchronously', async () => {
    const { autoUpdater, updater, emit } = setup();
    autoUpdater.checkForUpdates = () => {
      throw new Error('Boom');
    };
    expect(() => updater.start()).not.toThrow();
    await flush();
    expect(emit).toHaveBeenCalledExactlyOnceWith('app.updateError', { message: 'Boom' });
  });

  it('swallows the rejected background download, whose error arrives as an event', async () => {
    const { autoUpdater, updater, emit } = setup();
    const failure = new Error('sha512 checksum mismatch');
    autoUpdater.checkForUpdates = async () => {
      autoUpdater.emit('update-available', { version: '0.2.0' });
      const downloadPromise = Promise.reject(failure);
      setImmediate(() => autoUpdater.emit('error', failure));
      return { downloadPromise };
    };
    updater.start();
    await flush();
    await flush();
    expect(emit).toHaveBeenCalledExactlyOnceWith('app.updateError', { message: 'sha512 checksum mismatch' });
    expect(conflict(() => updater.restartToUpdate()).code).toBe('CONFLICT');
  });
});

describe('update channels', () => {
  it('reads the stable files (latest*.yml) unless beta was chosen, and never downgrades', () => {
    const stable = setup().autoUpdater;
    expect(stable.channel).toBe('latest');
    expect(stable.allowDowngrade).toBe(false);
    const beta = setup({ channel: 'beta' }).autoUpdater;
    expect(beta.channel).toBe('beta');
    expect(beta.allowDowngrade).toBe(false);
  });

  it('switches channel and checks at once; going back to stable keeps the installed beta', async () => {
    const { autoUpdater, updater } = setup();
    updater.start();
    await flush();
    updater.setChannel('beta');
    await flush();
    expect(updater.channel()).toBe('beta');
    expect(autoUpdater.channel).toBe('beta');
    expect(autoUpdater.checks).toBe(2);

    updater.setChannel('stable');
    await flush();
    expect(autoUpdater.channelsSet).toEqual(['latest', 'beta', 'latest']);
    expect(autoUpdater.allowDowngrade).toBe(false);
    expect(autoUpdater.checks).toBe(3);

    updater.setChannel('stable');
    await flush();
    expect(autoUpdater.checks).toBe(3);
  });

  it('follow beta by default on a copy installed from a beta, stable otherwise', () => {
    expect(defaultChannelFor('0.3.0-beta.1')).toBe('beta');
    expect(defaultChannelFor('0.3.0')).toBe('stable');
  });

  it('remembers the choice even where updates are inactive, without checking', async () => {
    const { autoUpdater, updater } = setup({ isPackaged: false });
    updater.setChannel('beta');
    await flush();
    expect(updater.channel()).toBe('beta');
    expect(autoUpdater.checks).toBe(0);
  });
});

describe('readableUpdateError', () => {
  it('keeps one short line', () => {
    expect(readableUpdateError(new Error(`${'x'.repeat(300)}\nstack`))).toHaveLength(158);
    expect(readableUpdateError('plain')).toBe('plain');
    expect(readableUpdateError(new Error('net::ERR_INTERNET_DISCONNECTED'))).toBe('The update server could not be reached.');
  });
});

describe('Help > Check for updates', () => {
  it('checks at once in an installed copy and answers what it found', async () => {
    const { autoUpdater, updater } = setup();
    autoUpdater.next = ['not-available', { available: '0.3.0' }];
    expect(await updater.checkNow()).toEqual({ state: 'idle', version: null, message: null });
    expect(await updater.checkNow()).toEqual({ state: 'downloading', version: '0.3.0', message: null });
    expect(autoUpdater.checks).toBe(2);
  });

  it('answers the failure in words', async () => {
    const { autoUpdater, updater } = setup();
    autoUpdater.next = [{ fail: Object.assign(new Error('getaddrinfo ENOTFOUND updates.example'), { code: 'ENOTFOUND' }) }];
    expect(await updater.checkNow()).toMatchObject({ state: 'error', message: expect.stringMatching(/\S/) });
  });

  it('never checks in development, and says updates are off', async () => {
    const { autoUpdater, updater } = setup({ isPackaged: false });
    expect(await updater.checkNow()).toEqual({ state: 'inactive', version: null, message: null });
    expect(autoUpdater.checks).toBe(0);
  });
});
