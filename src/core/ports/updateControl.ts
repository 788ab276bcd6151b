import type { UpdateStatus } from '../../shared/contract';

/** What the handlers need from the updater; the Electron glue provides it (src/main/electron/updater.ts). */
export interface UpdateControl {
  status(): UpdateStatus;
  /** Quits and installs a downloaded update; throws a CONFLICT AppError when there is none. */
  restartToUpdate(): void;
}
