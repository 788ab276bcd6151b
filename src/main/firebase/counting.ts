import { collection, count, getAggregateFromServer, orderBy, query, type Firestore, type Query, type QueryConstraint } from 'firebase/firestore';

/** How many documents `q` matches, by one count aggregation: none of them is read. */
export async function countOf(q: Query): Promise<number> {
  return (await getAggregateFromServer(q, { n: count() })).data().n;
}

/**
 * How many documents of a collection (within `filters`) have `field`: orderBy keeps exactly the
 * documents that have it, and the aggregation reads none of them.
 */
export async function countWithField(db: Firestore, collectionName: string, field: string, filters: QueryConstraint[] = []): Promise<number> {
  return countOf(query(collection(db, collectionName), ...filters, orderBy(field, 'desc')));
}
