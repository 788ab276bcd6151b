import type { UpdateStatus } from '../../shared/contract';
import { AppError } from '../../shared/result';

/** What the handlers need from the updater; the Electron glue provides it (src/main/electron/updater.ts). */
export interface UpdateControl {
  status(): UpdateStatus;
  /** Quits and installs a downloaded update; throws a CONFLICT AppError when there is none. */
  restartToUpdate(): void;
}

/** Browser mode and development: nothing to update, and saying so is not an error. */
export const noUpdates: UpdateControl = {
  status: () => ({ state: 'inactive', version: null, message: null }),
  restartToUpdate: () => {
    throw new AppError('CONFLICT', 'Updates apply to the installed desktop app only.');
  }
};
