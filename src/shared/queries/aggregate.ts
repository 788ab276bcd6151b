/**
 * A Firestore query as data, for the figures two processes ask: the desktop through the client SDK
 * (src/main/firebase/aggregations.ts) and the platform's functions through firebase-admin
 * (server/platform/aggregations.ts). The figures are worked out once, over these descriptions
 * (src/shared/queries/owed.ts), so both ask exactly the same queries.
 */

export type Comparison = '==' | '<' | '<=' | '>' | '>=';

/** A date compares as Firestore's Timestamp; NaN and the infinities as themselves. */
export type FilterValue = string | number | boolean | null | Date;

export interface Filter {
  field: string;
  op: Comparison;
  value: FilterValue;
}

export interface DescribedQuery {
  collection: string;
  where: readonly Filter[];
  /** Ascending orders, in the index's order: needed where a range on one field is summed over another's. */
  orderBy?: readonly string[];
}

/** The first document's `field` in `order`: a value in use, stepped through one document at a time. */
export interface FirstQuery extends DescribedQuery {
  order: { field: string; direction: 'asc' | 'desc' };
  field: string;
}

/**
 * What runs the described queries: one aggregation each (reading no document), or one document.
 * countAndSum asks both in one aggregation, so the two describe the same documents; Firestore then
 * counts only the documents that have the summed field.
 */
export interface AggregationRunner {
  count(query: DescribedQuery): Promise<number>;
  countAndSum(query: DescribedQuery, field: string): Promise<{ count: number; sum: number }>;
  /** The sum of `field` over the documents that have it as a number (0 when none do). */
  sum(query: DescribedQuery, field: string): Promise<number>;
  /** undefined when no document matches. */
  first(query: FirstQuery): Promise<unknown>;
}

export const where = (field: string, op: Comparison, value: FilterValue): Filter => ({ field, op, value });

/** Finite numbers only: NaN sorts below -Infinity, so it is outside this open range too. */
export const finite = (field: string): Filter[] => [where(field, '>', Number.NEGATIVE_INFINITY), where(field, '<', Number.POSITIVE_INFINITY)];

/** A filter's value as JSON can hold it: a date as its milliseconds, NaN and the infinities by name (JSON would make them null). */
const keyOf = (value: FilterValue): unknown =>
  value instanceof Date ? { ms: value.getTime() } : typeof value === 'number' && !Number.isFinite(value) ? { number: String(value) } : value;

/** A stable text for a query, so a runner can ask a query two figures need at once only once. */
export const queryKey = (kind: string, query: DescribedQuery, extra = ''): string =>
  JSON.stringify([kind, query.collection, query.where.map((f) => [f.field, f.op, keyOf(f.value)]), query.orderBy ?? [], extra]);
