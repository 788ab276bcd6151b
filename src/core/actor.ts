import type { Administrator } from '../shared/contract';
import { SESSION_ENDED_MESSAGE as SESSION_ENDED } from '../shared/domain/administrator';
import { AppError } from '../shared/result';

/** The administrator a write is made by (audit entries name them); the dispatcher already checked. */
export const requireActor = (actor: () => Administrator | null) => (): Administrator => {
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
