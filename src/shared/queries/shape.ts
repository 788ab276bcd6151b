/**
 * What Firestore needs to know to serve a query: which fields are compared for equality, which
 * one field carries a range, and the order. Every list query Ledgerdesk builds is made from one
 * of these, so the indexes it needs can be listed (firestore.indexes.json) and checked by a test
 * instead of found in production by a failing query.
 */

export type Direction = 'asc' | 'desc';

export interface QueryShape {
  collection: string;
  /** Fields compared with == (or `in`, or array-contains), in the order the index lists them. */
  equality: readonly string[];
  /** Fields compared with array-contains; also listed in `equality`. */
  arrayContains?: readonly string[];
  /** The one field compared with a range (>=, <=). It is always the order field. */
  range: string | null;
  order: { field: string; direction: Direction };
}

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  /** COLLECTION_GROUP: a query over every collection of that name (the journals of all customers). */
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

/**
 * The composite index a shape needs, or null when Firestore's automatic single-field indexes
 * serve it (no equality field: one field ordered and ranged).
 */
export function indexFor(shape: QueryShape): CompositeIndex | null {
  if (shape.equality.length === 0) return null;
  const contains = new Set(shape.arrayContains ?? []);
  return {
    collectionGroup: shape.collection,
    queryScope: 'COLLECTION',
    fields: [
      ...shape.equality.map((fieldPath): IndexField => (contains.has(fieldPath) ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order: 'ASCENDING' })),
      { fieldPath: shape.order.field, order: shape.order.direction === 'asc' ? 'ASCENDING' : 'DESCENDING' }
    ]
  };
}

/** One line per index, for comparing what the code needs with what the file declares. */
export const indexKey = (index: CompositeIndex): string =>
  `${index.collectionGroup}${index.queryScope === 'COLLECTION_GROUP' ? ' (every collection of the name)' : ''}: ${index.fields
    .map((f) => `${f.fieldPath} ${f.arrayConfig ?? f.order}`)
    .join(', ')}`;
