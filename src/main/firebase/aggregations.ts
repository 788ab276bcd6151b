import {
  collection,
  count,
  getAggregateFromServer,
  limit,
  orderBy,
  query,
  sum,
  Timestamp,
  where,
  type Firestore,
  type Query,
  type QueryConstraint
} from 'firebase/firestore';
import { readDocs } from './reads';
import { queryKey, type AggregationRunner, type DescribedQuery, type FilterValue } from '../../shared/queries/aggregate';

const valueOf = (value: FilterValue) => (value instanceof Date ? Timestamp.fromDate(value) : value);

/** A described query (src/shared/queries/aggregate.ts) as the client SDK's. */
export function clientQuery(db: Firestore, described: DescribedQuery, ...more: QueryConstraint[]): Query {
  return query(
    collection(db, described.collection),
    ...described.where.map((f) => where(f.field, f.op, valueOf(f.value))),
    ...(described.orderBy ?? []).map((field) => orderBy(field)),
    ...more
  );
}

/**
 * The described queries through the client SDK. A query already in flight is not asked again: two
 * figures needing the same aggregation at once (a card's count and an amount's left-out count) share
 * its answer.
 */
export function firestoreAggregations(db: Firestore): AggregationRunner {
  const inFlight = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, run: () => Promise<T>): Promise<T> => {
    let answer = inFlight.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = run().finally(() => inFlight.delete(key));
      inFlight.set(key, answer);
    }
    return answer;
  };
  return {
    count: (described) => once(queryKey('count', described), async () => (await getAggregateFromServer(clientQuery(db, described), { n: count() })).data().n),
    countAndSum: (described, field) =>
      once(queryKey('countAndSum', described, field), async () => {
        const { n, total } = (await getAggregateFromServer(clientQuery(db, described), { n: count(), total: sum(field) })).data();
        return { count: n, sum: total ?? 0 };
      }),
    sum: (described, field) =>
      once(queryKey('sum', described, field), async () => (await getAggregateFromServer(clientQuery(db, described), { total: sum(field) })).data().total ?? 0),
    first: (described) =>
      once(queryKey('first', described, JSON.stringify([described.order, described.field])), async () => {
        const found = await readDocs(clientQuery(db, described, orderBy(described.order.field, described.order.direction), limit(1)));
        return found.docs[0]?.get(described.field) as unknown;
      })
  };
}
