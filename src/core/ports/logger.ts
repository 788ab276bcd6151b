/**
 * Where the main process reports what went wrong. The desktop app writes it to a rotated log file
 * (electron-log, src/main/electron/logging.ts); browser mode prints it to its terminal.
 */
export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string, detail?: unknown): void;
  info(message: string): void;
}

/** Browser mode and tests: the terminal that started Ledgerdesk is where someone looks. */
export const consoleLogger: Logger = {
  error: (message, error) => (error === undefined ? console.error(message) : console.error(message, error)),
  warn: (message, detail) => (detail === undefined ? console.warn(message) : console.warn(message, detail)),
  info: (message) => console.info(message)
};
