import { createHash } from 'node:crypto';

/**
 * One administrator action as the store sees it: the renderer's operationId, and a fingerprint of
 * what was asked so that the same id sent with a different request is refused instead of
 * answering an outcome that belongs to another change.
 */
export interface Operation {
  id: string;
  fingerprint: string;
}

/** Keys sorted, so {a, b} and {b, a} are the same request. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])])
    );
  }
  return value;
};

export function operationOf(method: string, input: { operationId: string } & Record<string, unknown>): Operation {
  const { operationId, ...request } = input;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([method, canonical(request)]))
    .digest('hex');
  return { id: operationId, fingerprint };
}

export const OPERATION_REUSED =
  'This action id was already used for a different change, so nothing was written. Close the dialog and try again.';
