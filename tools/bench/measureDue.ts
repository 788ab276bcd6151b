// Issue 23: investments.due, the 1st page and the 10th (following nextCursor as Load More does).
// Maturity is not stored, so each page asks one query per plan duration in use, each of at most
// page size + 1 documents: the bound is (page size + 1) x the durations, whatever the page number.
import { and, collection, count, getAggregateFromServer, query, where, type Firestore } from 'firebase/firestore';
import type { BenchApp } from './app';
import { timedRuns } from './timing';

/** investments.due's page size when the screen gives none (src/main/firebase/investmentsDue.ts). */
export const DUE_PAGE = 10;

export interface DuePage {
  ms: number;
  runsMs: number[];
  rows: number;
  /** Oldest maturity first, as the screen shows them. */
  ordered: boolean;
}

export interface DueResult {
  matured: number;
  /** Plan durations among active investments, each counted by an aggregation. */
  durations: number[];
  /** (page size + 1) x durations: the most documents any page's queries can return. */
  documentBound: number;
  page1: DuePage;
  /** null when fewer than 10 pages are due. */
  page10: DuePage | null;
}

type Row = { maturesAt: string | null };
const inOrder = (rows: Row[]) => rows.every((row, i) => i === 0 || (rows[i - 1]!.maturesAt ?? '') <= (row.maturesAt ?? ''));

export async function measureDue(
  app: BenchApp,
  db: Firestore,
  planDurations: readonly number[],
  runs: number,
  log: (line: string) => void
): Promise<DueResult> {
  const active = await Promise.all(
    planDurations.map(async (days) => {
      const n = (
        await getAggregateFromServer(query(collection(db, 'investments'), and(where('status', '==', 'active'), where('duration', '==', days))), { n: count() })
      ).data().n;
      return n > 0 ? days : null;
    })
  );
  const durations = active.filter((days): days is number => days !== null);
  const documentBound = (DUE_PAGE + 1) * durations.length;

  log(`due: ${runs} x page 1 of investments.due...`);
  const first = await timedRuns(runs, () => app.call('investments.due', {}));
  const page1 = { ms: first.ms, runsMs: first.runsMs, rows: first.value.rows.length, ordered: inOrder(first.value.rows) };
  log(`due: page 1 ${first.runsMs.join(' / ')} ms, ${page1.rows} rows of ${first.value.total ?? '?'}`);

  let cursor = first.value.nextCursor;
  for (let p = 2; p < 10 && cursor; p++) cursor = (await app.call('investments.due', { cursor })).nextCursor;
  const matured = first.value.total ?? 0;
  if (!cursor) return { matured, durations, documentBound, page1, page10: null };
  const at = cursor;
  log(`due: ${runs} x page 10...`);
  const tenth = await timedRuns(runs, () => app.call('investments.due', { cursor: at }));
  log(`due: page 10 ${tenth.runsMs.join(' / ')} ms, ${tenth.value.rows.length} rows`);
  return {
    matured,
    durations,
    documentBound,
    page1,
    page10: { ms: tenth.ms, runsMs: tenth.runsMs, rows: tenth.value.rows.length, ordered: inOrder(tenth.value.rows) }
  };
}
