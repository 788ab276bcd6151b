import { useStepUp } from '../stores/step-up';
import { ApiError, isApiError } from './api';

/** The main process asks for the password again (docs/product-rules.md §11.2). */
export const needsPassword = (error: unknown): boolean => isApiError(error, 'STEP_UP_REQUIRED');

export const NOT_CONFIRMED = 'Not done: your password was not confirmed.';

/**
 * Sends a request; when the main process answers that the password must be confirmed first, asks
 * for it (the reauthentication dialog) and sends the same request again, with the same operationId.
 * Cancelled: refused with a sentence saying nothing was done.
 */
export async function withStepUp<T>(send: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await send();
    } catch (error) {
      if (!needsPassword(error)) throw error;
      if (!(await useStepUp.getState().ask())) throw new ApiError('PERMISSION_DENIED', NOT_CONFIRMED);
    }
  }
}
