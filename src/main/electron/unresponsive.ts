import type { Logger } from '../../core/ports/logger';

export interface UnresponsiveContentsLike {
  getURL(): string;
  /** Stops a renderer that no longer answers; a reload alone would wait for it. */
  forcefullyCrashRenderer(): void;
  reload(): void;
}

export interface UnresponsiveWindowLike {
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  isDestroyed(): boolean;
  readonly webContents: UnresponsiveContentsLike;
}

/** Electron's MessageBoxOptions, as much as this question uses. */
export interface WaitOrReload {
  type: 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: ['Wait', 'Reload'];
  defaultId: 0;
  cancelId: 0;
  noLink: true;
  /** Aborted when the window answers again: the question closes as if Wait was chosen. */
  signal: AbortSignal;
}

export const RELOAD = 1;

export interface UnresponsiveDeps {
  log: Logger;
  ask(question: WaitOrReload): Promise<{ response: number }>;
  /** Said just before the renderer is stopped on purpose, so crash recovery does not take it for a crash. */
  restartingOnPurpose(): void;
}

/** The screen, without its query: a list's filters can name a customer's e-mail. */
const screenOf = (url: string): string => {
  try {
    return new URL(url).pathname;
  } catch {
    return '(unknown screen)';
  }
};

export const waitOrReload = (signal: AbortSignal): WaitOrReload => ({
  type: 'warning',
  title: 'Ledgerdesk is not responding',
  message: 'The Ledgerdesk window is not responding.',
  detail: 'It may be busy with a long list. Wait for it, or reload the window: anything typed on this screen and not saved yet would have to be entered again.',
  buttons: ['Wait', 'Reload'],
  defaultId: 0,
  cancelId: 0,
  noLink: true,
  signal
});

/**
 * A window whose page stops answering (a loop, a huge list) says so in the log and asks the
 * administrator whether to wait or reload it; the question goes away by itself if the page
 * answers again meanwhile, and is asked once however often Chromium reports the hang.
 */
export function offerReloadWhenUnresponsive(window: UnresponsiveWindowLike, deps: UnresponsiveDeps): void {
  let asking: AbortController | null = null;
  window.on('unresponsive', () => {
    if (window.isDestroyed()) return;
    const screen = screenOf(window.webContents.getURL());
    deps.log.error(`The window stopped responding on ${screen}.`);
    if (asking) return;
    const question = new AbortController();
    asking = question;
    deps
      .ask(waitOrReload(question.signal))
      .then(({ response }) => {
        if (asking === question) asking = null;
        if (question.signal.aborted || window.isDestroyed()) return;
        if (response !== RELOAD) {
          deps.log.info('The administrator chose to wait for the window.');
          return;
        }
        deps.log.warn(`Reloading ${screen}, which had stopped responding, as the administrator chose.`);
        deps.restartingOnPurpose();
        window.webContents.forcefullyCrashRenderer();
        window.webContents.reload();
      })
      .catch((error: unknown) => deps.log.error('Asking whether to reload the window failed', error));
  });
  window.on('responsive', () => {
    if (!asking) return;
    deps.log.info('The window responds again.');
    asking.abort();
    asking = null;
  });
}

/** Set by a restart on purpose and read once by crash recovery: the renderer that went was stopped, not crashed. */
export function purposefulRestarts(): { mark(): void; take(): boolean } {
  let marked = false;
  return {
    mark: () => {
      marked = true;
    },
    take: () => {
      const was = marked;
      marked = false;
      return was;
    }
  };
}
