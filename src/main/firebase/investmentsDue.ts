import { collection, limit, query, startAfter, Timestamp, where, type Firestore, type QueryDocumentSnapshot } from 'firebase/firestore';
import { readDocs } from './reads';
import type { InvestmentRow, Page } from '../../shared/contract';
import { isDuration } from '../../shared/domain/maturity';
import { dueQueries } from '../../shared/queries/due';
import { owedFigures, owedQueries } from '../../shared/queries/owed';
import { AppError } from '../../shared/result';
import type { InvestmentsDue } from '../../core/ports/investmentsDue';
import type { PageAt } from '../../core/ports/paging';
import { firestoreAggregations } from './aggregations';
import { byFieldThenId } from './cursor';
import { mapFirebaseErrors } from './errors';
import { moneyRows } from './moneyLists';

/** The Due tab's page, as every money list's. */
export const DUE_PAGE = 10;
const DAY_SECONDS = 86_400;
/** A cursor's durations: far more than any platform's plans (the walk in src/shared/queries/owed.ts stops there too). */
const MAX_DURATIONS = 200;
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
  // Durations in use and the counts are the queries the dashboard and the daily snapshot ask (src/shared/queries/owed.ts).
  const run = firestoreAggregations(db);
  const owed = owedFigures(run);

  /**
   * The first page's counts: how many are due, and how many active investments cannot be placed
   * (their duration is not a whole number of days, or their creation date is not a stored date).
   */
  async function countsAt(asOf: number, found: number[]): Promise<{ total: number; unlisted: number }> {
    const [total, active, placeable] = await Promise.all([
      owed.dueCount(asOf, found),
      run.count(owedQueries.active),
      Promise.all(found.map((days) => run.count(owedQueries.placeable(days)))).then((n) => n.reduce((a, b) => a + b, 0))
    ]);
    return { total, unlisted: Math.max(0, active - placeable) };
  }

  async function page(at: PageAt, now: Date): Promise<Page<InvestmentRow>> {
    const size = at.pageSize ?? DUE_PAGE;
    const cursor = at.cursor ? decode(at.cursor) : null;
    const asOf = cursor?.asOf ?? now.getTime();
    const found = cursor?.durations ?? (await owed.durationsInUse());
    const counting = cursor ? null : countsAt(asOf, found);
    counting?.catch(() => undefined);
    // One query per duration, each at most size + 1 documents, all starting after the last row's maturity.
    const answers = await Promise.all(
      found.map(async (days): Promise<Matured[]> => {
        const start = cursor ? [startAfter(new Timestamp(cursor.at[0] - days * DAY_SECONDS, cursor.at[1]), cursor.id)] : [];
        const snapshot = await readDocs(
          query(
            investments,
            ACTIVE,
            where('duration', '==', days),
            where('createdAt', '<=', createdBy(asOf, days)),
            ...byFieldThenId('createdAt', 'asc'),
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

  return {
    page: (at, now) => mapFirebaseErrors(() => page(at, now)),
    count: (now) => mapFirebaseErrors(async () => owed.dueCount(now.getTime(), await owed.durationsInUse()))
  };
}
