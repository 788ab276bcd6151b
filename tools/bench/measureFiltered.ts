// A filtered list: one customer's pending deposits in a date range, pending's own order (oldest
// first); the 1st page and the 10th, reached by following nextCursor as Load More does.
import { and, collection, count, getAggregateFromServer, query, where, type Firestore } from 'firebase/firestore';
import type { BenchApp } from './app';
import { listPageReads } from './billing';
import type { Person } from './data';
import { timedRuns } from './timing';

export interface FilteredPage {
  ms: number;
  runsMs: number[];
  rows: number;
  documents: number;
  countReads: number;
  reads: number;
}

export interface FilteredResult {
  filters: string;
  matching: number;
  page1: FilteredPage;
  /** null when the filter matches fewer than 10 pages. */
  page10: FilteredPage | null;
}

export const TENTH = 10;

export async function measureFiltered(
  app: BenchApp,
  db: Firestore,
  heavy: Person,
  range: { from: string; to: string },
  runs: number,
  log: (line: string) => void
): Promise<FilteredResult> {
  const filters = { status: 'pending', customer: { userId: heavy.id }, from: range.from, to: range.to, order: 'oldest' } as const;
  const described = `deposits: pending, customer ${heavy.email}, ${range.from.slice(0, 10)} to ${range.to.slice(0, 10)}, oldest first`;
  // A dated list's first page also counts the matching records whatever their date (see billing.ts).
  const anyDate = await getAggregateFromServer(query(collection(db, 'deposits'), and(where('status', '==', 'pending'), where('userId', '==', heavy.id))), {
    n: count()
  });
  log(`filtered: ${runs} x page 1 of ${described}...`);
  const first = await timedRuns(runs, () => app.call('deposits.list', filters));
  const b1 = listPageReads(
    { rows: first.value.rows.length, hasMore: first.value.nextCursor !== null, total: first.value.total, unlisted: first.value.unlisted },
    anyDate.data().n
  );
  const page1 = {
    ms: first.ms,
    runsMs: first.runsMs,
    rows: first.value.rows.length,
    documents: b1.documents,
    countReads: b1.counts?.reads ?? 0,
    reads: b1.reads
  };
  log(`filtered: page 1 ${first.runsMs.join(' / ')} ms, ${b1.documents} documents + ${page1.countReads} count reads`);

  let cursor = first.value.nextCursor;
  for (let p = 2; p < TENTH && cursor; p++) cursor = (await app.call('deposits.list', { ...filters, cursor })).nextCursor;
  if (!cursor) return { filters: described, matching: first.value.total ?? 0, page1, page10: null };
  const at = cursor;
  log(`filtered: ${runs} x page ${TENTH}...`);
  const tenth = await timedRuns(runs, () => app.call('deposits.list', { ...filters, cursor: at }));
  const b10 = listPageReads({
    rows: tenth.value.rows.length,
    hasMore: tenth.value.nextCursor !== null,
    total: tenth.value.total,
    unlisted: tenth.value.unlisted
  });
  log(`filtered: page ${TENTH} ${tenth.runsMs.join(' / ')} ms, ${b10.documents} documents`);
  return {
    filters: described,
    matching: first.value.total ?? 0,
    page1,
    page10: {
      ms: tenth.ms,
      runsMs: tenth.runsMs,
      rows: tenth.value.rows.length,
      documents: b10.documents,
      countReads: b10.counts?.reads ?? 0,
      reads: b10.reads
    }
  };
}
