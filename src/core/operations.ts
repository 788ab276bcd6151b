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

/**
 * How a change was decided, not what it asks for: a preview's version and the reasons typed (a
 * decision's reason, an override's). A retry after a lost reply may carry a newer preview or an
 * edited reason and is still the same action.
 */
const HOW_DECIDED = new Set(['version', 'reason', 'overrideReason']);

export function operationOf(method: string, input: { operationId: string } & Record<string, unknown>): Operation {
  const { operationId, ...request } = input;
  const asked = Object.fromEntries(Object.entries(request).filter(([key]) => !HOW_DECIDED.has(key)));
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([method, canonical(asked)]))
    .digest('hex');
  return { id: operationId, fingerprint };
}

/**
 * The answer to an action id sent again with a different request: the action was already taken,
 * and this is what it did (the stored audit entry's summary), so the screen can say so.
 */
export const alreadyTaken = (summary: unknown): string =>
  `This action was already taken${typeof summary === 'string' && summary ? ` (${summary})` : ''}, so nothing more was written. Close the dialog to see the record as it is now.`;
