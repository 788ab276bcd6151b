// The described queries (src/shared/queries/aggregate.ts) through firebase-admin: the platform's
// functions ask exactly what the desktop asks through the client SDK (src/main/firebase/aggregations.ts).
import { AggregateField, Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import type { AggregationRunner, DescribedQuery, FilterValue } from '../../src/shared/queries/aggregate';

const valueOf = (value: FilterValue) => (value instanceof Date ? Timestamp.fromDate(value) : value);

/** A described query as firebase-admin's. */
export function adminQuery(db: Firestore, described: DescribedQuery): Query {
  let q: Query = db.collection(described.collection);
  for (const f of described.where) q = q.where(f.field, f.op, valueOf(f.value));
  for (const field of described.orderBy ?? []) q = q.orderBy(field);
  return q;
}

export function adminAggregations(db: Firestore): AggregationRunner {
  return {
    count: async (described) => (await adminQuery(db, described).count().get()).data().count,
    countAndSum: async (described, field) => {
      const answer = (
        await adminQuery(db, described)
          .aggregate({ n: AggregateField.count(), total: AggregateField.sum(field) })
          .get()
      ).data();
      return { count: answer.n, sum: answer.total ?? 0 };
    },
    sum: async (described, field) =>
      (
        await adminQuery(db, described)
          .aggregate({ total: AggregateField.sum(field) })
          .get()
      ).data().total ?? 0,
    first: async (described) => {
      const found = await adminQuery(db, described).orderBy(described.order.field, described.order.direction).limit(1).get();
      return found.docs[0]?.get(described.field) as unknown;
    }
  };
}
