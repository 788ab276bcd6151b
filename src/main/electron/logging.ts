import { dirname } from 'node:path';
import type { Logger } from '../app/ports/logger';

/** The part of electron-log's main-process logger we configure, so tests can pass a fake. */
export interface ElectronLogLike {
  error(...params: unknown[]): void;
  warn(...params: unknown[]): void;
  info(...params: unknown[]): void;
  transports: {
    file: { maxSize: number; level: string | false; getFile(): { path: string } };
    console: { level: string | false };
  };
  errorHandler: { startCatching(options: { showDialog?: boolean }): void };
}

/** main.log grows to this, then becomes main.old.log (the one before is dropped): two files at most. */
export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;

export interface DesktopLogging {
  /** What the services log through (the Logger port), written to the rotated file. */
  logger: Logger;
  /** The folder holding main.log and main.old.log (Help > Open logs folder). */
  folder(): string;
}

/**
 * Every main-process error ends up in a file the administrator can send us, not only in a console
 * nobody sees. Uncaught exceptions and unhandled rejections are logged there too, without
 * electron-log's dialog: the window reports what the administrator needs to know.
 */
export function setUpLogging(log: ElectronLogLike, options: { isPackaged: boolean }): DesktopLogging {
  log.transports.file.maxSize = LOG_FILE_MAX_BYTES;
  log.transports.file.level = 'info';
  // An installed copy has no terminal; in development the console shows everything.
  log.transports.console.level = options.isPackaged ? 'warn' : 'debug';
  log.errorHandler.startCatching({ showDialog: false });
  return {
    logger: {
      error: (message, error) => (error === undefined ? log.error(message) : log.error(message, error)),
      warn: (message, detail) => (detail === undefined ? log.warn(message) : log.warn(message, detail)),
      info: (message) => log.info(message)
    },
    folder: () => dirname(log.transports.file.getFile().path)
  };
}
