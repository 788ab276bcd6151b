import { describe, expect, it, vi } from 'vitest';
import { LOG_FILE_MAX_BYTES, setUpLogging, type ElectronLogLike } from '@main/electron/logging';

/** Like electron-log's main logger: transports with levels, a file, and the error handler. */
function fakeElectronLog() {
  const lines: Array<[string, unknown[]]> = [];
  const log = {
    error: (...params: unknown[]) => void lines.push(['error', params]),
    warn: (...params: unknown[]) => void lines.push(['warn', params]),
    info: (...params: unknown[]) => void lines.push(['info', params]),
    transports: {
      file: { maxSize: 1024 * 1024, level: 'silly' as string | false, getFile: () => ({ path: '/home/ada/.config/Ledgerdesk/logs/main.log' }) },
      console: { level: 'silly' as string | false }
    },
    errorHandler: { startCatching: vi.fn() },
    functions: {
      error: (...params: unknown[]) => void lines.push(['error', params]),
      warn: (...params: unknown[]) => void lines.push(['warn', params]),
      info: (...params: unknown[]) => void lines.push(['info', params]),
      log: (...params: unknown[]) => void lines.push(['info', params]),
      debug: (...params: unknown[]) => void lines.push(['debug', params])
    }
  } satisfies ElectronLogLike;
  return { log, lines };
}

const fakeConsole = () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn(), log: vi.fn(), debug: vi.fn() });

describe('desktop logging', () => {
  it('rotates main.log at 5 MB and keeps info and above in the file', () => {
    const { log } = fakeElectronLog();
    setUpLogging(log, { isPackaged: true, console: fakeConsole() });
    expect(log.transports.file.maxSize).toBe(LOG_FILE_MAX_BYTES);
    expect(LOG_FILE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(log.transports.file.level).toBe('info');
  });

  it('catches unhandled errors and rejections into the log, without a dialog', () => {
    const { log } = fakeElectronLog();
    setUpLogging(log, { isPackaged: true, console: fakeConsole() });
    expect(log.errorHandler.startCatching).toHaveBeenCalledExactlyOnceWith({ showDialog: false });
  });

  it('keeps the console quiet in an installed copy and chatty in development', () => {
    const installed = fakeElectronLog();
    setUpLogging(installed.log, { isPackaged: true, console: fakeConsole() });
    expect(installed.log.transports.console.level).toBe('warn');
    const dev = fakeElectronLog();
    setUpLogging(dev.log, { isPackaged: false, console: fakeConsole() });
    expect(dev.log.transports.console.level).toBe('debug');
  });

  it('gives the services a Logger that writes through electron-log, error objects included', () => {
    const { log, lines } = fakeElectronLog();
    const { logger } = setUpLogging(log, { isPackaged: true, console: fakeConsole() });
    const failure = new Error('permission-denied');
    // Passed around as a bare function (the dispatcher's `log` option), so it must not need `this`.
    const logError = logger.error;
    logError('Method deposits.setStatus failed', failure);
    logger.warn('slow');
    logger.info('started');
    expect(lines).toEqual([
      ['error', ['Method deposits.setStatus failed', failure]],
      ['warn', ['slow']],
      ['info', ['started']]
    ]);
  });

  it("sends what anything writes to the console (a library's warning) to the log file too", () => {
    const { log, lines } = fakeElectronLog();
    const console = fakeConsole();
    setUpLogging(log, { isPackaged: true, console });
    console.warn('@firebase/firestore: Could not reach Cloud Firestore backend.');
    console.error('boom');
    expect(lines).toEqual([
      ['warn', ['@firebase/firestore: Could not reach Cloud Firestore backend.']],
      ['error', ['boom']]
    ]);
  });

  it('names the folder that holds the log files', () => {
    const { log } = fakeElectronLog();
    expect(setUpLogging(log, { isPackaged: true, console: fakeConsole() }).folder()).toBe('/home/ada/.config/Ledgerdesk/logs');
  });
});
