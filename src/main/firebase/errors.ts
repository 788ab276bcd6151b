import { WRONG_CODE } from '../../shared/domain/access';
import { AppError, type ErrorCode } from '../../shared/result';

const firestoreCodes: Record<string, [ErrorCode, string]> = {
  'permission-denied': ['PERMISSION_DENIED', 'The database refused this request: the signed-in account may not read or change this data.'],
  unauthenticated: ['UNAUTHENTICATED', 'Your session has ended. Please sign in again.'],
  unavailable: ['UNAVAILABLE', 'Ledgerdesk cannot reach the database. Check the connection and try again.'],
  'deadline-exceeded': ['UNAVAILABLE', 'The database took too long to answer. Try again in a moment.'],
  'not-found': ['NOT_FOUND', 'The record no longer exists.'],
  aborted: ['CONFLICT', 'Someone changed this record at the same moment. Reload and try again.'],
  'failed-precondition': ['INTERNAL', 'The database cannot run this query yet (an index may be missing). The problem was logged.']
};

const CODE_TOO_LATE = 'The code came too late. Start again with your password.';

const authCodes: Record<string, [ErrorCode, string]> = {
  'auth/invalid-credential': ['UNAUTHENTICATED', 'The e-mail address or password is incorrect.'],
  'auth/invalid-login-credentials': ['UNAUTHENTICATED', 'The e-mail address or password is incorrect.'],
  'auth/wrong-password': ['UNAUTHENTICATED', 'The e-mail address or password is incorrect.'],
  'auth/user-not-found': ['UNAUTHENTICATED', 'The e-mail address or password is incorrect.'],
  'auth/invalid-email': ['VALIDATION', 'That is not a valid e-mail address.'],
  'auth/missing-password': ['VALIDATION', 'Email or password is empty'],
  'auth/user-disabled': ['PERMISSION_DENIED', 'This account has been disabled.'],
  'auth/too-many-requests': ['UNAVAILABLE', 'Too many sign-in attempts. Wait a few minutes and try again.'],
  'auth/network-request-failed': ['UNAVAILABLE', 'Ledgerdesk cannot reach the sign-in service. Check the connection and try again.'],
  // The second factor (an authenticator app's code).
  'auth/invalid-verification-code': ['VALIDATION', WRONG_CODE],
  'auth/missing-code': ['VALIDATION', WRONG_CODE],
  'auth/totp-challenge-timeout': ['UNAUTHENTICATED', CODE_TOO_LATE],
  'auth/invalid-multi-factor-session': ['UNAUTHENTICATED', CODE_TOO_LATE],
  'auth/missing-multi-factor-session': ['UNAUTHENTICATED', CODE_TOO_LATE]
};

const codeOf = (error: unknown): string | null =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;

/** Turns a Firebase error into an AppError a person can read; unknown errors are rethrown as-is. */
function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = codeOf(error);
  if (code === null) return error;
  const known = firestoreCodes[code] ?? authCodes[code];
  if (known) return new AppError(known[0], known[1]);
  if (code.startsWith('auth/')) return new AppError('UNAUTHENTICATED', `Sign-in failed (${code.slice(5)}).`);
  return error;
}

/** Longer than any query the app makes at a million records; shorter than a person's patience. */
const DATABASE_DEADLINE_MS = 45_000;

const noAnswerMessage = (ms: number) =>
  `The database did not answer within ${Math.round(ms / 1000)} seconds. Check the connection and try again; ` +
  'if you were saving a change, reload first to see whether it was saved.';

/**
 * Runs a Firebase call and rethrows its failure as an AppError where one is known. The SDK waits
 * for a lost connection indefinitely; a screen should say so instead of spinning for ever.
 */
export async function mapFirebaseErrors<T>(work: () => Promise<T>, deadlineMs = DATABASE_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('UNAVAILABLE', noAnswerMessage(deadlineMs))), deadlineMs);
  });
  try {
    return await Promise.race([work(), deadline]);
  } catch (error) {
    throw toAppError(error);
  } finally {
    clearTimeout(timer);
  }
}
