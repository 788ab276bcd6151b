/** Electron's crashReporter, as much as Ledgerdesk uses of it. */
export interface CrashReporterLike {
  start(options: { uploadToServer: boolean; submitURL?: string; compress?: boolean }): void;
}

/**
 * Minidumps of a crashed process stay on this computer (the crashDumps folder that Help > Copy
 * diagnostic info names): they can hold pieces of memory, customers' data included, so nothing is
 * ever sent anywhere. Call before the app is ready, so a crash during start-up is kept too.
 */
export function keepCrashDumpsLocally(crashReporter: CrashReporterLike): void {
  crashReporter.start({ uploadToServer: false });
}
