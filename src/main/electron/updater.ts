import type { EventPayload, UpdateStatus } from '../../shared/contract';
import { AppError } from '../../shared/result';
import type { UpdateChannel } from '../../core/ports/prefsStore';
import type { UpdateControl } from '../../core/ports/updateControl';
import { noUpdates } from '../../core/updates';
import { updateFeedProblem } from '../config/urls';

/** The part of electron-updater's `autoUpdater` we use, so tests can pass a fake. */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  forceDevUpdateConfig: boolean;
  channel: string | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(event: 'update-available' | 'update-not-available' | 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error, message?: string) => void): unknown;
}

export interface LogLike {
  info(...params: unknown[]): void;
  error(...params: unknown[]): void;
}

export type { UpdateChannel };

/** Until the administrator chooses, a copy installed from a beta (0.3.0-beta.1) follows beta. */
export const defaultChannelFor = (version: string): UpdateChannel => (version.includes('-') ? 'beta' : 'stable');

/** Stable reads electron-builder's latest*.yml; beta reads beta*.yml, which stable releases write too. */
const channelFile: Readonly<Record<UpdateChannel, string>> = { stable: 'latest', beta: 'beta' };

type UpdateEvent = 'app.updateReady' | 'app.updateError';

export interface IntervalClock {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface UpdaterDeps {
  autoUpdater: AutoUpdaterLike;
  isPackaged: boolean;
  /**
   * LEDGERDESK_UPDATE_URL, for development and tests only: it lets an unpackaged build check a
   * generic feed. An installed build reads its feed from app-update.yml alone, so no environment
   * variable can point it at someone else's updates.
   */
  feedUrl: string | undefined;
  /** The channel the administrator chose (Help > Update channel); stable when never chosen. */
  channel?: UpdateChannel;
  log: LogLike;
  emit: <E extends UpdateEvent>(event: E, payload: EventPayload<E>) => void;
  clock?: IntervalClock;
  intervalMs?: number;
}

export type Updater = UpdateControl & {
  start(): void;
  stop(): void;
  channel(): UpdateChannel;
  /** Switches channel and checks at once; a move back to stable never downgrades. */
  setChannel(channel: UpdateChannel): void;
  /** Help > Check for updates: checks now (where updates are on) and answers the status that check left. */
  checkNow(): Promise<UpdateStatus>;
};

export const UPDATE_INTERVAL_MS = 6 * 60 * 60 * 1000;

const systemClock: IntervalClock = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout)
};

const OFFLINE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|net::ERR_/;

/** electron-updater's messages carry stacks, headers and response bodies; the admin needs one line. */
export function readableUpdateError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (OFFLINE.test(text) || (typeof code === 'string' && OFFLINE.test(code))) {
    return 'The update server could not be reached.';
  }
  const firstLine = text.split('\n')[0]?.trim() || 'Unknown error.';
  return firstLine.length > 160 ? `${firstLine.slice(0, 157)}…` : firstLine;
}

/**
 * Keeps an installed Ledgerdesk up to date without ever restarting it behind the administrator's
 * back: updates download in the background and install when the app quits, or at once when the
 * administrator clicks "Restart to update". An error is told once, not at every check.
 */
export function createUpdater(deps: UpdaterDeps): Updater {
  const { autoUpdater, log, emit } = deps;
  const clock = deps.clock ?? systemClock;
  // Installed builds ignore the variable entirely; unpackaged ones are active only with it.
  const devFeed = deps.isPackaged ? undefined : deps.feedUrl || undefined;
  const active = deps.isPackaged || devFeed !== undefined;
  let channel: UpdateChannel = deps.channel ?? 'stable';
  let status: UpdateStatus = { state: active ? 'idle' : 'inactive', version: null, message: null };
  let errorTold = false;
  let lastError: unknown = null;
  let installing = false;
  let timer: unknown = null;
  // An update feed over plain http (beyond this computer) could be swapped for anything on the
  // way: such a feed is never used and never checked.
  const feedProblem = devFeed ? updateFeedProblem('LEDGERDESK_UPDATE_URL', devFeed) : null;
  if (feedProblem) status = { state: 'error', version: null, message: feedProblem };
  if (deps.isPackaged && deps.feedUrl) log.info('LEDGERDESK_UPDATE_URL is ignored: an installed Ledgerdesk reads its feed from app-update.yml.');

  const failed = (error: unknown): void => {
    // electron-updater both emits 'error' and rejects checkForUpdates with the same error.
    if (error === lastError) return;
    lastError = error;
    installing = false;
    log.error('Update failed', error);
    const message = readableUpdateError(error);
    status = { ...status, state: 'error', message };
    if (errorTold) return;
    errorTold = true;
    emit('app.updateError', { message });
  };

  const succeeded = (): void => {
    errorTold = false;
    lastError = null;
  };

  const check = async (): Promise<void> => {
    // Once downloaded, the update installs on quit anyway; re-checking would only re-announce it.
    if (status.state === 'ready') return;
    lastError = null;
    try {
      const result = await autoUpdater.checkForUpdates();
      // A failed download rejects this promise and also emits 'error', which is handled above.
      result?.downloadPromise?.catch(() => undefined);
    } catch (error) {
      failed(error);
    }
  };

  const applyChannel = (): void => {
    autoUpdater.channel = channelFile[channel];
    // electron-updater allows downgrades whenever a channel is set; leaving beta must not roll an
    // installed copy back to an older stable version (a rollback is a higher version, see docs/operations/releasing.md, "Rollback").
    autoUpdater.allowDowngrade = false;
  };

  if (active && !feedProblem) {
    autoUpdater.autoDownload = true;
    autoUpdater.autoInstallOnAppQuit = true;
    if (devFeed) {
      autoUpdater.forceDevUpdateConfig = true;
      autoUpdater.setFeedURL({ provider: 'generic', url: devFeed });
    }
    applyChannel();
    autoUpdater.on('checking-for-update', () => {
      status = { ...status, state: 'checking', message: null };
    });
    autoUpdater.on('update-available', ({ version }) => {
      status = { state: 'downloading', version, message: null };
    });
    autoUpdater.on('update-not-available', () => {
      succeeded();
      status = { state: 'idle', version: null, message: null };
    });
    autoUpdater.on('update-downloaded', ({ version }) => {
      succeeded();
      const announced = status.state === 'ready' && status.version === version;
      status = { state: 'ready', version, message: null };
      log.info(`Update ${version} downloaded; it installs on restart.`);
      if (!announced) emit('app.updateReady', { version });
    });
    autoUpdater.on('error', (error) => failed(error));
  }

  return {
    status: () => ({ ...status }),
    restartToUpdate() {
      if (status.state === 'inactive') return noUpdates.restartToUpdate();
      if (status.state !== 'ready') throw new AppError('CONFLICT', 'No update is ready to install.');
      if (installing) return;
      installing = true;
      log.info(`Restarting to install ${status.version}.`);
      autoUpdater.quitAndInstall();
    },
    start() {
      if (feedProblem && !errorTold) {
        errorTold = true;
        log.error('Update feed refused', feedProblem);
        emit('app.updateError', { message: feedProblem });
      }
      if (!active || feedProblem || timer !== null) return;
      void check();
      timer = clock.setInterval(() => void check(), deps.intervalMs ?? UPDATE_INTERVAL_MS);
    },
    stop() {
      if (timer !== null) clock.clearInterval(timer);
      timer = null;
    },
    channel: () => channel,
    async checkNow() {
      if (active && !feedProblem) await check();
      return { ...status };
    },
    setChannel(next) {
      if (next === channel) return;
      channel = next;
      log.info(`Update channel set to ${next}.`);
      if (!active || feedProblem) return;
      applyChannel();
      if (timer !== null) void check();
    }
  };
}
