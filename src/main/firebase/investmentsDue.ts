import {
  collection,
  count,
  documentId,
  getAggregateFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  sum,
  Timestamp,
  where,
  type Firestore,
  type QueryConstraint,
  type QueryDocumentSnapshot
} from 'firebase/firestore';
import type { InvestmentRow, Page } from '../../shared/contract';
import { isDuration } from '../../shared/domain/maturity';
import { fromCents, percentOf, toCents } from '../../shared/domain/money';
import { dueQueries } from '../../shared/queries/due';
import { AppError } from '../../shared/result';
import type { DueOwed, InvestmentsDue } from '../app/ports/investmentsDue';
import type { PageAt } from '../app/ports/paging';
import { countOf } from './counting';
import { mapFirebaseErrors } from './errors';
import { moneyRows } from './moneyLists';

/** The Due tab's page, as every money list's. */
export const DUE_PAGE = 10;
const DAY_SECONDS = 86_400;
/** Far more durations than any platform's plans: the walk stops there rather than run away on odd data. */
const MAX_DURATIONS = 200;
const MAX_RATES = 200;
/** Firestore's first instant: `createdAt >= FIRST` keeps exactly the creation dates stored as timestamps. */
const FIRST = new Timestamp(-62_135_596_800, 0);
const ACTIVE = where('status', '==', 'active');

/**
 * A Due page's cursor: the moment "due" was judged at (page 1's now, kept so every page agrees),
 * the durations in use then, and the last row's maturity and id. Opaque to the screens.
 */
interface DueCursor {
  asOf: number;
  durations: number[];
  at: [seconds: number, nanos: number];
  id: string;
}

const INVALID = 'This page of the list can no longer be found. Load the list again from the top.';

const encode = (cursor: DueCursor): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(text: string): DueCursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as DueCursor;
    const valid =
      Number.isSafeInteger(c.asOf) &&
      Array.isArray(c.durations) &&
      c.durations.length <= MAX_DURATIONS &&
      c.durations.every(isDuration) &&
      Array.isArray(c.at) &&
      Number.isSafeInteger(c.at[0]) &&
      Number.isInteger(c.at[1]) &&
      c.at[1] >= 0 &&
      c.at[1] < 1e9 &&
      typeof c.id === 'string' &&
      c.id.length > 0 &&
      c.id.length <= 1500 &&
      !c.id.includes('/');
    if (valid) return c;
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION', INVALID);
}

/** The moment an investment of `days` days must have been created by to have matured at `asOf`. */
const createdBy = (asOf: number, days: number) => Timestamp.fromMillis(asOf - days * DAY_SECONDS * 1000);

/** One matured investment with its maturity, for merging the durations' answers. */
interface Matured {
  doc: QueryDocumentSnapshot;
  at: [number, number];
}

const before = (a: Matured, b: Matured): number => a.at[0] - b.at[0] || a.at[1] - b.at[1] || (a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0);

export function firestoreInvestmentsDue(db: Firestore): InvestmentsDue {
  const investments = collection(db, dueQueries.matured.collection);
  const counted = (...constraints: QueryConstraint[]) => countOf(query(investments, ...constraints));

  /**
   * Every plan duration in use among active investments, found by stepping through them in order:
   * one query of one document per duration (plus one that finds none). Durations that are not a
   * whole number of days are stepped over; their investments are counted as unlisted.
   */
  async function durations(): Promise<number[]> {
    const found: number[] = [];
    let last: number | null = null;
    for (let step = 0; step < MAX_DURATIONS; step++) {
      const next = await getDocs(query(investments, ACTIVE, where('duration', last === null ? '>=' : '>', last ?? 1), orderBy('duration', 'asc'), limit(1)));
      const value = next.docs[0]?.get('duration') as unknown;
      if (typeof value !== 'number') break;
      if (isDuration(value)) found.push(value);
      last = value;
    }
    return found;
  }

  /** The ROI rates in use among active investments of one duration, stepped through like the durations. */
  async function rates(days: number): Promise<number[]> {
    const found: number[] = [];
    let last: number | null = null;
    for (let step = 0; step < MAX_RATES; step++) {
      const next = await getDocs(
        query(investments, ACTIVE, where('duration', '==', days), where('roi', last === null ? '>=' : '>', last ?? 0), orderBy('roi', 'asc'), limit(1))
      );
      const value = next.docs[0]?.get('roi') as unknown;
      if (typeof value !== 'number' || !Number.isFinite(value)) break;
      found.push(value);
      last = value;
    }
    return found;
  }

  /** Due now among active investments of one duration: how many. */
  const dueOf = (asOf: number, days: number) => counted(ACTIVE, where('duration', '==', days), where('createdAt', '<=', createdBy(asOf, days)));

  async function dueCount(asOf: number, found: number[]): Promise<number> {
    return (await Promise.all(found.map((days) => dueOf(asOf, days)))).reduce((a, b) => a + b, 0);
  }

  /**
   * The first page's counts: how many are due, and how many active investments cannot be placed
   * (their duration is not a whole number of days, or their creation date is not a stored date).
   */
  async function countsAt(asOf: number, found: number[]): Promise<{ total: number; unlisted: number }> {
    const [total, active, placeable] = await Promise.all([
      dueCount(asOf, found),
      counted(ACTIVE),
      Promise.all(found.map((days) => counted(ACTIVE, where('duration', '==', days), where('createdAt', '>=', FIRST)))).then((n) =>
        n.reduce((a, b) => a + b, 0)
      )
    ]);
    return { total, unlisted: Math.max(0, active - placeable) };
  }

  async function page(at: PageAt, now: Date): Promise<Page<InvestmentRow>> {
    const size = at.pageSize ?? DUE_PAGE;
    const cursor = at.cursor ? decode(at.cursor) : null;
    const asOf = cursor?.asOf ?? now.getTime();
    const found = cursor?.durations ?? (await durations());
    const counting = cursor ? null : countsAt(asOf, found);
    counting?.catch(() => undefined);
    // One query per duration, each at most size + 1 documents, all starting after the last row's maturity.
    const answers = await Promise.all(
      found.map(async (days): Promise<Matured[]> => {
        const start = cursor ? [startAfter(new Timestamp(cursor.at[0] - days * DAY_SECONDS, cursor.at[1]), cursor.id)] : [];
        const snapshot = await getDocs(
          query(
            investments,
            ACTIVE,
            where('duration', '==', days),
            where('createdAt', '<=', createdBy(asOf, days)),
            orderBy('createdAt', 'asc'),
            orderBy(documentId(), 'asc'),
            ...start,
            limit(size + 1)
          )
        );
        return snapshot.docs.map((doc) => {
          const created = doc.get('createdAt') as Timestamp;
          return { doc, at: [created.seconds + days * DAY_SECONDS, created.nanoseconds] };
        });
      })
    );
    const merged = answers.flat().sort(before);
    const rows = merged.slice(0, size);
    const last = rows.at(-1);
    const counted = counting ? await counting : null;
    return {
      rows: rows.map(({ doc }) => moneyRows.investments(doc.id, doc.data())),
      nextCursor: merged.length > size && last ? encode({ asOf, durations: found, at: last.at, id: last.doc.id }) : null,
      total: counted?.total ?? null,
      unlisted: counted?.unlisted ?? null
    };
  }

  /**
   * What the investments due now owe, by aggregation only: per duration and ROI rate, the sum of
   * their finite amounts, plus that rate's ROI on the sum (rounded to the cent once per rate, so it
   * can differ from the rows' own roundings by less than a cent per investment). Investments whose
   * amount or rate is not a finite number are counted in leftOut.
   */
  async function owed(now: Date): Promise<DueOwed> {
    const asOf = now.getTime();
    const found = await durations();
    const perDuration = await Promise.all(
      found.map(async (days) => {
        const matured = [ACTIVE, where('duration', '==', days), where('createdAt', '<=', createdBy(asOf, days))];
        const [due, each] = await Promise.all([
          dueOf(asOf, days),
          rates(days).then((rs) =>
            Promise.all(
              rs.map(async (roi) => {
                const finite = [
                  ...matured,
                  where('roi', '==', roi),
                  where('amount', '>', Number.NEGATIVE_INFINITY),
                  where('amount', '<', Number.POSITIVE_INFINITY),
                  orderBy('createdAt'),
                  orderBy('amount')
                ];
                const answer = await getAggregateFromServer(query(investments, ...finite), { n: count(), total: sum('amount') });
                const principal = toCents(answer.data().total ?? 0);
                return { n: answer.data().n, cents: principal + percentOf(principal, roi) };
              })
            )
          )
        ]);
        return { due, summed: each.reduce((a, b) => a + b.n, 0), cents: each.reduce((a, b) => a + b.cents, 0) };
      })
    );
    const due = perDuration.reduce((a, b) => a + b.due, 0);
    const summed = perDuration.reduce((a, b) => a + b.summed, 0);
    return { count: due, owed: fromCents(perDuration.reduce((a, b) => a + b.cents, 0)), leftOut: Math.max(0, due - summed) };
  }

  return {
    page: (at, now) => mapFirebaseErrors(() => page(at, now)),
    count: (now) => mapFirebaseErrors(async () => dueCount(now.getTime(), await durations())),
    owed: (now) => mapFirebaseErrors(() => owed(now))
  };
}
