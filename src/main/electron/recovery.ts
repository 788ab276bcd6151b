import type { Logger } from '../../core/ports/logger';

/** Electron's RenderProcessGoneDetails, as much as recovery reads of it. */
export interface GoneDetails {
  reason: string;
  exitCode: number;
}

export interface RecoveringContentsLike {
  on(event: 'render-process-gone', listener: (event: unknown, details: GoneDetails) => void): unknown;
  on(event: 'did-navigate' | 'did-navigate-in-page', listener: (event: unknown, url: string) => void): unknown;
  once(event: 'did-finish-load', listener: () => void): unknown;
  loadURL(url: string): Promise<void>;
}

export interface RecoveringWindowLike {
  readonly webContents: RecoveringContentsLike;
  isDestroyed(): boolean;
}

export type RecoveryNotice =
  | { kind: 'recovered'; reason: string; url: string }
  /** It kept crashing: reloading again would only loop. */
  | { kind: 'gaveUp'; reason: string };

export interface RecoveryDeps {
  log: Logger;
  /** The app's first page: where a screen that crashed twice in a row is not reopened. */
  homeUrl: string;
  /** Only the app's own pages are reopened (security.ts isTrustedUrl). */
  isTrusted(url: string): boolean;
  /** Tells the administrator, once the page is back (or given up on). */
  notify(notice: RecoveryNotice): void;
  now?: () => number;
  /** True (once) when the renderer was stopped on purpose, to reload a window that stopped responding (unresponsive.ts). */
  stoppedOnPurpose?: () => boolean;
}

/** Crashes closer together than this count as one run of crashes. */
export const CRASH_RUN_MS = 60_000;

/**
 * A renderer that dies leaves a blank window. Reload the screen it was on, and say so; a second
 * crash within a minute reopens the first page instead (that screen may be the cause), and a
 * third stops trying rather than loop. A clean exit (the window closing) is not a crash.
 */
export function recoverFromRendererCrash(window: RecoveringWindowLike, deps: RecoveryDeps): void {
  const now = deps.now ?? Date.now;
  let lastUrl = deps.homeUrl;
  let crashes: number[] = [];
  const remember = (_event: unknown, url: string): void => {
    if (deps.isTrusted(url)) lastUrl = url;
  };
  window.webContents.on('did-navigate', remember);
  window.webContents.on('did-navigate-in-page', remember);

  window.webContents.on('render-process-gone', (_event, details) => {
    if (deps.stoppedOnPurpose?.()) {
      deps.log.info(`The window's renderer was stopped to reload it (${details.reason}); it is loading again.`);
      return;
    }
    deps.log.error(`The window's renderer process is gone (${details.reason}, exit code ${details.exitCode}) on ${lastUrl}`);
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    const at = now();
    crashes = [...crashes.filter((time) => at - time < CRASH_RUN_MS), at];
    if (crashes.length >= 3) {
      deps.log.error('The renderer crashed 3 times within a minute; not reloading again.');
      deps.notify({ kind: 'gaveUp', reason: details.reason });
      return;
    }
    const url = crashes.length === 1 ? lastUrl : deps.homeUrl;
    window.webContents.once('did-finish-load', () => deps.notify({ kind: 'recovered', reason: details.reason, url }));
    window.webContents.loadURL(url).catch((error: unknown) => deps.log.error(`Reloading ${url} after a crash failed`, error));
  });
}

/** Electron's Details of child-process-gone. */
export interface ChildGoneDetails {
  type: string;
  reason: string;
  exitCode: number;
  serviceName?: string;
  name?: string;
}

export interface ChildProcessAppLike {
  on(event: 'child-process-gone', listener: (event: unknown, details: ChildGoneDetails) => void): unknown;
}

/** Electron restarts a dead GPU, network or utility process itself; the log keeps the trace. */
export function logChildProcessGone(app: ChildProcessAppLike, log: Logger): void {
  app.on('child-process-gone', (_event, details) => {
    const name = details.name || details.serviceName || details.type;
    const line = `Child process gone: ${name} (${details.type}, ${details.reason}, exit code ${details.exitCode})`;
    if (details.reason === 'clean-exit') log.info(line);
    else log.error(line);
  });
}

/** The message box the administrator sees after a crash (shown by the main process, over the window). */
export function recoveryMessage(notice: RecoveryNotice): { type: 'info' | 'error'; title: string; message: string; detail: string } {
  if (notice.kind === 'recovered') {
    const screen = new URL(notice.url).pathname;
    return {
      type: 'info',
      title: 'Ledgerdesk recovered',
      message: 'Ledgerdesk recovered from a crash of its window.',
      detail:
        `The window stopped (${notice.reason}) and ${screen} was opened again. You are still signed in; ` +
        'anything typed there that was not saved may need to be entered again. Help > Open logs folder has the details.'
    };
  }
  return {
    type: 'error',
    title: 'Ledgerdesk keeps stopping',
    message: 'The Ledgerdesk window stopped three times within a minute, so it was not reopened.',
    detail: `Last reason: ${notice.reason}. Quit and start Ledgerdesk again; if it happens again, send us the logs (Help > Open logs folder).`
  };
}
