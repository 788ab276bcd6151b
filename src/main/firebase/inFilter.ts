import { query, where, type DocumentData, type FieldPath, type Query, type QueryDocumentSnapshot } from 'firebase/firestore';
import { readDocs } from './reads';

/**
 * Production Firestore refuses an `in` filter with more than 30 values (INVALID_ARGUMENT); the
 * emulator accepts any number, so only production would fail. Every `in` lookup in this folder goes
 * through `whereIn`, which never sends more than this many values in one query.
 */
export const IN_LIMIT = 30;

/** `values` cut into consecutive groups of at most `size`, in their order. */
export function groupsOf<T>(values: readonly T[], size: number = IN_LIMIT): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Group size must be a whole number >= 1, not ${size}.`);
  const groups: T[][] = [];
  for (let i = 0; i < values.length; i += size) groups.push(values.slice(i, i + size));
  return groups;
}

/**
 * Runs `lookUp` once per group of at most 30 distinct values (in parallel) and joins the answers in
 * group order. No values, no lookups.
 */
export async function inGroups<V, R>(values: readonly V[], lookUp: (group: V[]) => Promise<R[]>): Promise<R[]> {
  const results = await Promise.all(groupsOf([...new Set(values)]).map((group) => lookUp(group)));
  return results.flat();
}

/**
 * The documents of `ref` whose `field` is one of `values`: `where(field, 'in', ...)` split into
 * queries of at most 30 values. `onQuery` is told before each query is sent.
 */
export function whereIn(
  ref: Query,
  field: string | FieldPath,
  values: readonly unknown[],
  onQuery: () => void = () => undefined
): Promise<QueryDocumentSnapshot<DocumentData>[]> {
  return inGroups(values, async (group) => {
    onQuery();
    return (await readDocs(query(ref, where(field, 'in', group)))).docs;
  });
}

/**
 * One `in` clause for a list query, which cannot be split into several queries without breaking its
 * cursor: refused beyond the limit (a customer's referrals name at most two values, id and code).
 */
export function inClause(field: string, values: readonly unknown[]) {
  if (values.length > IN_LIMIT) throw new RangeError(`An in filter takes at most ${IN_LIMIT} values, not ${values.length}.`);
  return where(field, 'in', [...values]);
}
