import {
  collection,
  count,
  doc,
  getAggregateFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  type DocumentData,
  type Firestore,
  type QueryConstraint
} from 'firebase/firestore';
import type { Page } from '../../shared/contract';
import { AppError } from '../../shared/result';
import type { PageAt } from '../app/ports/paging';
import { mapFirebaseErrors } from './errors';

export interface PageRequest<Row> {
  collection: string;
  /** Newest first by this field. Documents without it cannot be listed: the first page says how many. */
  orderField: string;
  pageSize: number;
  /** Where the page starts and, for exports, a bigger size than the list's own. */
  at: PageAt;
  filters?: QueryConstraint[];
  /** false: the screen asks for the counts separately, so the rows do not wait for them. */
  counts?: boolean;
  toRow(id: string, data: DocumentData): Row;
}

/** How many records a list holds, and how many lack its sort field and so cannot be listed. */
export async function countList(
  db: Firestore,
  request: Pick<PageRequest<unknown>, 'collection' | 'orderField' | 'filters'>
): Promise<{ total: number; unlisted: number }> {
  const filters = request.filters ?? [];
  const [total, all] = await Promise.all([
    countWithField(db, request.collection, request.orderField, filters),
    getAggregateFromServer(query(collection(db, request.collection), ...filters), { n: count() })
  ]);
  return { total, unlisted: Math.max(0, all.data().n - total) };
}

/**
 * How many documents of a collection (within `filters`) have `field`: orderBy keeps exactly the
 * documents that have it, and the aggregation reads none of them.
 */
export async function countWithField(
  db: Firestore,
  collectionName: string,
  field: string,
  filters: QueryConstraint[] = []
): Promise<number> {
  const counted = await getAggregateFromServer(query(collection(db, collectionName), ...filters, orderBy(field, 'desc')), {
    n: count()
  });
  return counted.data().n;
}

/**
 * One page by cursor (orderBy + limit + startAfter, never offset). The first page also counts
 * the records with aggregation queries, so the screen can say "10 of 200" and how many records
 * lack the sort field instead of silently hiding them.
 */
export function readPage<Row>(db: Firestore, request: PageRequest<Row>): Promise<Page<Row>> {
  return mapFirebaseErrors(async () => {
    const ref = collection(db, request.collection);
    const cursor = request.at.cursor ?? null;
    const pageSize = request.at.pageSize ?? request.pageSize;
    const filters = request.filters ?? [];
    const ordered = [...filters, orderBy(request.orderField, 'desc')];
    let after: QueryConstraint[] = [];
    if (cursor) {
      const last = await getDoc(doc(ref, cursor));
      if (!last.exists()) throw new AppError('CONFLICT', 'The list changed since it was loaded. Reload the page.');
      after = [startAfter(last)];
    }
    const counting = cursor || request.counts === false ? null : countList(db, request);
    const snapshot = await getDocs(query(ref, ...ordered, ...after, limit(pageSize + 1)));
    const docs = snapshot.docs.slice(0, pageSize);
    const counts = counting ? await counting : null;
    return {
      rows: docs.map((d) => request.toRow(d.id, d.data())),
      nextCursor: snapshot.docs.length > pageSize ? (docs.at(-1)?.id ?? null) : null,
      total: counts?.total ?? null,
      unlisted: counts?.unlisted ?? null
    };
  });
}
