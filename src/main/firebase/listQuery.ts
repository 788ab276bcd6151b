import { collection, doc, limit, orderBy, query, startAt, Timestamp, where, type DocumentData, type Firestore, type QueryConstraint } from 'firebase/firestore';
import { readDoc, readDocs } from './reads';
import type { Page } from '../../shared/contract';
import { planList, type ListDefinition, type ListPlan, type ListRequest } from '../../shared/queries/lists';
import { AppError } from '../../shared/result';
import type { PageAt } from '../../core/ports/paging';
import { countOf } from './counting';
import { byFieldThenId, pageAfter, rowsAndCursor } from './cursor';
import { mapFirebaseErrors } from './errors';
import { inClause } from './inFilter';

/**
 * Lists read by cursor from one description of their shape (src/shared/queries): equality
 * filters, one range on the order field, the order, then the document id to break ties. A page
 * reads its rows plus one (to know whether there is a next page) and nothing else, whatever the
 * page number and however many records the collection holds.
 */

export interface ListRead<Row> {
  list: ListDefinition;
  request: ListRequest;
  pageSize: number;
  at: PageAt;
  /** false: the screen asks for the counts separately, so the rows do not wait for them. */
  counts?: boolean;
  toRow(id: string, data: DocumentData): Row;
}

export function planned(list: ListDefinition, request: ListRequest): ListPlan {
  const result = planList(list, request);
  if (!result.ok) throw new AppError('VALIDATION', result.reason);
  return result.plan;
}

/** The instants Firestore can store (1 January of year 1 to the end of 9999, UTC). */
const FIRST_MS = -62_135_596_800_000;
const LAST_MS = 253_402_300_799_999;

const instant = (iso: string, label: string): Timestamp => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new AppError('VALIDATION', `The ${label} date is not a date.`);
  // Outside them Timestamp throws an error of its own, which would read as an internal error.
  if (date.getTime() < FIRST_MS || date.getTime() > LAST_MS) {
    throw new AppError('VALIDATION', `The ${label} date must be between the years 1 and 9999.`);
  }
  return Timestamp.fromDate(date);
};

/** "Largest first": the range keeps numeric amounts only (text amounts are counted apart). */
const numbersOnly = (plan: ListPlan): boolean => plan.range !== null && 'numbersOnly' in plan.range;

/** The plan's sort; a count with it keeps exactly the records that have the sort field. */
const sortOf = (plan: ListPlan): QueryConstraint => orderBy(plan.shape.order.field, plan.shape.order.direction);

/** The where clauses of a plan; `withRange: false` leaves the range out (counting what lacks the field). */
export function filtersOf(plan: ListPlan, withRange = true): QueryConstraint[] {
  const contains = new Set(plan.shape.arrayContains ?? []);
  const filters = Object.entries(plan.equal).map(([field, value]) =>
    contains.has(field) ? where(field, 'array-contains', value) : Array.isArray(value) ? inClause(field, value) : where(field, '==', value)
  );
  const field = plan.shape.order.field;
  if (withRange && numbersOnly(plan)) filters.push(where(field, '>=', Number.NEGATIVE_INFINITY));
  else if (withRange && plan.range && 'from' in plan.range) {
    if (plan.range.from) filters.push(where(field, '>=', instant(plan.range.from, 'from')));
    if (plan.range.to) filters.push(where(field, '<=', instant(plan.range.to, 'to')));
  }
  return filters;
}

export const orderOf = (plan: ListPlan): QueryConstraint[] => byFieldThenId(plan.shape.order.field, plan.shape.order.direction);

/** Counted by aggregation: no document is read. */
const countIn = (db: Firestore, plan: ListPlan, constraints: QueryConstraint[]) => countOf(query(collection(db, plan.shape.collection), ...constraints));

/**
 * How many records the filtered list holds, and how many match the filters but lack the sort
 * field (no date, or for "largest" an amount that is not a number) and so cannot be listed.
 */
export function countList(db: Firestore, list: ListDefinition, request: ListRequest): Promise<{ total: number; unlisted: number }> {
  return mapFirebaseErrors(async () => {
    const plan = planned(list, request);
    const dated = plan.range !== null && !numbersOnly(plan);
    const [total, all, withField] = await Promise.all([
      countIn(db, plan, [...filtersOf(plan), sortOf(plan)]),
      countIn(db, plan, filtersOf(plan, false)),
      dated ? countIn(db, plan, [...filtersOf(plan, false), sortOf(plan)]) : null
    ]);
    return { total, unlisted: Math.max(0, all - (withField ?? total)) };
  });
}

/** How many records a filtered list holds (those with its sort field): the status tab's figure. */
export function countMatching(db: Firestore, list: ListDefinition, request: ListRequest): Promise<number> {
  return mapFirebaseErrors(async () => {
    const plan = planned(list, request);
    return countIn(db, plan, [...filtersOf(plan), sortOf(plan)]);
  });
}

/** How many records each value of one filter holds, within the other filters (status tabs). */
export function countEach(
  db: Firestore,
  list: ListDefinition,
  request: ListRequest,
  filter: string,
  values: readonly unknown[]
): Promise<{ all: number; each: number[] }> {
  return mapFirebaseErrors(async () => {
    const counted = (value: unknown) => countMatching(db, list, { ...request, order: 'newest', equal: { ...request.equal, [filter]: value } });
    const [all, ...each] = await Promise.all([counted(null), ...values.map(counted)]);
    return { all: all ?? 0, each };
  });
}

/** Where a page starts (after the cursor, at one record opened by id, or at the top), reading one row more than it shows. */
async function pageOf(db: Firestore, plan: ListPlan, at: PageAt, pageSize: number): Promise<QueryConstraint[]> {
  if (at.cursor || !at.focus) return pageAfter(at.cursor, pageSize);
  const record = await readDoc(doc(db, plan.shape.collection, at.focus));
  if (!record.exists()) throw new AppError('NOT_FOUND', 'That record no longer exists.');
  const value = record.get(plan.shape.order.field) as unknown;
  if (numbersOnly(plan)) {
    // Largest first lists numeric amounts only; a page started at text would silently show other records.
    if (typeof value !== 'number' || Number.isNaN(value)) {
      throw new AppError('NOT_FOUND', 'That record has no amount that is a number, so it has no place in the list largest first.');
    }
  } else if (value === undefined) throw new AppError('NOT_FOUND', 'That record has no date, so it has no place in the list.');
  return [startAt(value, record.id), limit(pageSize + 1)];
}

export function readList<Row>(db: Firestore, read: ListRead<Row>): Promise<Page<Row>> {
  return mapFirebaseErrors(async () => {
    const plan = planned(read.list, read.request);
    const pageSize = read.at.pageSize ?? read.pageSize;
    const page = await pageOf(db, plan, read.at, pageSize);
    // Built first: a date it refuses stops the page before any count is started.
    const rows = query(collection(db, plan.shape.collection), ...filtersOf(plan), ...orderOf(plan), ...page);
    const counting = read.at.cursor || read.counts === false ? null : countList(db, read.list, read.request);
    // When the rows fail, the counts are never awaited: their failure must not go unhandled.
    counting?.catch(() => undefined);
    const found = rowsAndCursor(await readDocs(rows), pageSize, plan.shape.order.field, read.toRow);
    const counts = counting ? await counting : null;
    return {
      ...found,
      total: counts?.total ?? null,
      unlisted: counts?.unlisted ?? null
    };
  });
}
