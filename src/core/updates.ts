import { AppError } from '../shared/result';
import type { UpdateControl } from './ports/updateControl';

/** Browser mode and development: nothing to update, and saying so is not an error. */
export const noUpdates: UpdateControl = {
  status: () => ({ state: 'inactive', version: null, message: null }),
  restartToUpdate: () => {
    throw new AppError('CONFLICT', 'Updates apply to the installed desktop app only.');
  }
};
