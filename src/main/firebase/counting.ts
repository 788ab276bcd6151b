import { collection, count, getAggregateFromServer, orderBy, query, type Firestore, type QueryConstraint } from 'firebase/firestore';

/**
 * How many documents of a collection (within `filters`) have `field`: orderBy keeps exactly the
 * documents that have it, and the aggregation reads none of them.
 */
export async function countWithField(db: Firestore, collectionName: string, field: string, filters: QueryConstraint[] = []): Promise<number> {
  const counted = await getAggregateFromServer(query(collection(db, collectionName), ...filters, orderBy(field, 'desc')), {
    n: count()
  });
  return counted.data().n;
}
