import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '@core/ports/logger';
import { recoverFromRendererCrash, type RecoveryNotice } from '@main/electron/recovery';
import { isTrustedUrl } from '@main/electron/security';
import { offerReloadWhenUnresponsive, purposefulRestarts, RELOAD, type WaitOrReload } from '@main/electron/unresponsive';

/** Like a BrowserWindow: 'unresponsive' and 'responsive' on the window, the page's contents under it. */
class FakeContents extends EventEmitter {
  url = 'app://ledgerdesk/deposits?customer=u1&email=olivia%40example.com';
  crashed = 0;
  reloads = 0;
  loaded: string[] = [];
  getURL = () => this.url;
  forcefullyCrashRenderer = () => {
    this.crashed += 1;
    // Chromium reports the renderer it stopped as gone, as it would a crash.
    this.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
  };
  reload = () => void (this.reloads += 1);
  loadURL = async (url: string) => void this.loaded.push(url);
}

class FakeWindow extends EventEmitter {
  readonly webContents = new FakeContents();
  isDestroyed = () => false;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const window = new FakeWindow();
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } satisfies Logger;
  const questions: WaitOrReload[] = [];
  let answer: (response: number) => void = () => undefined;
  const ask = vi.fn(
    (question: WaitOrReload) =>
      new Promise<{ response: number }>((resolve) => {
        questions.push(question);
        answer = (response) => resolve({ response });
        // As Electron does: an aborted message box answers its cancelId.
        question.signal.addEventListener('abort', () => resolve({ response: question.cancelId }));
      })
  );
  const restarts = purposefulRestarts();
  const notices: RecoveryNotice[] = [];
  recoverFromRendererCrash(window, {
    log,
    homeUrl: 'app://ledgerdesk/',
    isTrusted: (url) => isTrustedUrl(url),
    notify: (notice) => notices.push(notice),
    stoppedOnPurpose: restarts.take
  });
  offerReloadWhenUnresponsive(window, { log, ask, restartingOnPurpose: restarts.mark });
  return { window, contents: window.webContents, log, ask, questions, answer: (response: number) => answer(response), notices };
}

describe('a window that stops responding', () => {
  it('is logged with its screen (no query) and the administrator is asked: Wait or Reload', () => {
    const { window, log, questions } = setup();
    window.emit('unresponsive');
    expect(log.error).toHaveBeenCalledExactlyOnceWith('The window stopped responding on /deposits.');
    expect(JSON.stringify(log.error.mock.calls)).not.toContain('olivia');
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({ type: 'warning', title: 'Ledgerdesk is not responding', buttons: ['Wait', 'Reload'], defaultId: 0, cancelId: 0 });
  });

  it('Reload stops the renderer and loads the page again, and crash recovery does not call it a crash', async () => {
    const { window, contents, log, answer, notices } = setup();
    window.emit('unresponsive');
    answer(RELOAD);
    await settle();
    expect(contents.crashed).toBe(1);
    expect(contents.reloads).toBe(1);
    expect(log.warn).toHaveBeenCalledWith('Reloading /deposits, which had stopped responding, as the administrator chose.');
    // Recovery would otherwise reload it a second time and say "Ledgerdesk recovered from a crash".
    expect(contents.loaded).toEqual([]);
    expect(notices).toEqual([]);
    expect(log.info).toHaveBeenCalledWith("The window's renderer was stopped to reload it (killed); it is loading again.");
  });

  it('Wait leaves the page alone', async () => {
    const { window, contents, answer, log } = setup();
    window.emit('unresponsive');
    answer(0);
    await settle();
    expect(contents.crashed).toBe(0);
    expect(contents.reloads).toBe(0);
    expect(log.info).toHaveBeenCalledWith('The administrator chose to wait for the window.');
  });

  it('asks once however often the hang is reported, and the question goes away when the page answers again', async () => {
    const { window, contents, ask, questions, log } = setup();
    window.emit('unresponsive');
    window.emit('unresponsive');
    expect(ask).toHaveBeenCalledTimes(1);
    window.emit('responsive');
    await settle();
    expect(questions[0]!.signal.aborted).toBe(true);
    expect(contents.reloads).toBe(0);
    expect(log.info).toHaveBeenCalledWith('The window responds again.');
    // A later hang asks again.
    window.emit('unresponsive');
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('a real crash afterwards is still recovered as one', async () => {
    const { window, contents, answer, notices } = setup();
    window.emit('unresponsive');
    answer(RELOAD);
    await settle();
    contents.emit('did-navigate', {}, 'app://ledgerdesk/withdrawals');
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(contents.loaded).toEqual(['app://ledgerdesk/withdrawals']);
    contents.emit('did-finish-load');
    expect(notices).toEqual([{ kind: 'recovered', reason: 'crashed', url: 'app://ledgerdesk/withdrawals' }]);
  });
});
