import type { SessionUser } from '../../shared/contract';
import { AppError } from '../../shared/result';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** The administrator a write is made by (audit entries name them); the dispatcher already checked. */
export const requireActor =
  (actor: () => SessionUser | null) =>
  (): SessionUser => {
    const user = actor();
    if (!user) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
    return user;
  };

/** The administrator's ID token for the backend host. */
export async function requireIdToken(idToken: () => Promise<string | null>): Promise<string> {
  const token = await idToken();
  if (!token) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  return token;
}
