import { isApiError } from './api';
import { withStepUp } from './step-up';

/**
 * One operationId per administrator action (one click of Apply, one confirmation). The same
 * request sent again before it had a definite answer (a double click, a lost reply, "Try again")
 * reuses the id, so the main process answers the first outcome instead of applying twice. Once
 * answered, the same request is a new action and gets a new id. A request the main process holds
 * back until the password is confirmed again (step-up) is repeated with the same id once it is.
 */
const unanswered = new Map<string, string>();

/** Errors after which the write may or may not have landed: the retry must carry the same id. */
const mayHaveLanded = (error: unknown) => isApiError(error, 'UNAVAILABLE') || isApiError(error, 'INTERNAL');

export async function asOneAction<T>(method: string, request: object, send: (operationId: string) => Promise<T>): Promise<T> {
  const key = `${method} ${JSON.stringify(request)}`;
  const operationId = unanswered.get(key) ?? crypto.randomUUID();
  unanswered.set(key, operationId);
  try {
    // The riskiest changes may ask for the password first; they are then sent again under the same id.
    const answer = await withStepUp(() => send(operationId));
    unanswered.delete(key);
    return answer;
  } catch (error) {
    if (!mayHaveLanded(error)) unanswered.delete(key);
    throw error;
  }
}
