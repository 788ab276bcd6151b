import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disposeBeforeQuit, quitWhenAllWindowsClosed } from '@main/electron/quit';

/** Like Electron's app: quit() emits before-quit, and the app exits unless it was prevented. */
class FakeApp extends EventEmitter {
  exited = false;
  quitCalls = 0;
  quit(): void {
    this.quitCalls += 1;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => void (prevented = true) });
    if (!prevented) this.exited = true;
  }
}

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('disposeBeforeQuit', () => {
  it('holds the quit until the services are disposed, then quits for real', async () => {
    const app = new FakeApp();
    const pending = deferred();
    const dispose = vi.fn(() => pending.promise);
    disposeBeforeQuit(app, dispose);

    app.quit();
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(app.exited).toBe(false);

    pending.resolve();
    await vi.waitFor(() => expect(app.exited).toBe(true));
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('disposes once however many times quit is asked for', async () => {
    const app = new FakeApp();
    const pending = deferred();
    const dispose = vi.fn(() => pending.promise);
    disposeBeforeQuit(app, dispose);
    app.quit();
    app.quit();
    expect(app.exited).toBe(false);
    pending.resolve();
    await vi.waitFor(() => expect(app.exited).toBe(true));
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('quits anyway when disposing fails, and reports the failure', async () => {
    const app = new FakeApp();
    const failure = new Error('network down');
    const onError = vi.fn();
    disposeBeforeQuit(app, () => Promise.reject(failure), { onError });
    app.quit();
    await vi.waitFor(() => expect(app.exited).toBe(true));
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('quits anyway when disposing hangs past the timeout', async () => {
    vi.useFakeTimers();
    const app = new FakeApp();
    disposeBeforeQuit(app, () => new Promise<void>(() => undefined), { timeoutMs: 1000 });
    app.quit();
    await vi.advanceTimersByTimeAsync(999);
    expect(app.exited).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.exited).toBe(true);
  });
});

describe('quitWhenAllWindowsClosed', () => {
  it.each([
    ['linux', 1],
    ['win32', 1],
    ['darwin', 0]
  ] as const)('on %s quits %i time(s) when the last window closes', (platform, quits) => {
    const app = new FakeApp();
    quitWhenAllWindowsClosed(app, platform);
    app.emit('window-all-closed');
    expect(app.quitCalls).toBe(quits);
  });
});
