// How the backend host speaks of a failure it did not cause: the first line of the message, capped,
// so a caller and the log get Firebase's or SMTP's reason without a stack or a page of detail.
export const reasonOf = (err: unknown, max = 500): string =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]?.slice(0, max) || 'unknown error';

/** Firebase errors carry a string code such as 'auth/user-not-found'. */
export const codeOf = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;
