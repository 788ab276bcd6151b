import { dirname } from 'node:path';
import type { Logger } from '../../core/ports/logger';

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
  /** The logger's methods, bound, to stand in for the console's. */
  functions: Record<ConsoleLevel, (...params: unknown[]) => void>;
}

const consoleLevels = ['error', 'warn', 'info', 'log', 'debug'] as const;
type ConsoleLevel = (typeof consoleLevels)[number];
export type ConsoleLike = Record<ConsoleLevel, (...params: unknown[]) => void>;

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
 * nobody sees: what the services log, whatever is written to the console, and uncaught exceptions
 * and unhandled rejections, without electron-log's dialog (the window reports what the
 * administrator needs to know).
 */
export function setUpLogging(log: ElectronLogLike, options: { isPackaged: boolean; console: ConsoleLike }): DesktopLogging {
  log.transports.file.maxSize = LOG_FILE_MAX_BYTES;
  log.transports.file.level = 'info';
  // An installed copy has no terminal; in development the console shows everything.
  log.transports.console.level = options.isPackaged ? 'warn' : 'debug';
  log.errorHandler.startCatching({ showDialog: false });
  // What libraries print (the Firebase SDK's connection warnings, say) lands in the file as well;
  // electron-log's console transport kept the real console for itself when it loaded.
  for (const level of consoleLevels) options.console[level] = log.functions[level];
  return {
    logger: {
      error: (message, error) => (error === undefined ? log.error(message) : log.error(message, error)),
      warn: (message, detail) => (detail === undefined ? log.warn(message) : log.warn(message, detail)),
      info: (message) => log.info(message)
    },
    folder: () => dirname(log.transports.file.getFile().path)
  };
}
