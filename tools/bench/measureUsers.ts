// The Users screen: its first page and the 10th Load More, through users.list.
import type { BenchApp } from './app';
import { pageReads } from './billing';
import { timedRuns } from './timing';

export interface PageResult {
  ms: number;
  runsMs: number[];
  reads: number;
  rows: number;
}

export interface CustomersResult {
  usersFirstPage: PageResult & { total: number | null };
  /** null when there are too few users for 10 Load Mores. */
  usersTenthLoadMore: PageResult | null;
}

export const LOAD_MORES = 10;

export async function measureUsers(app: BenchApp, runs: number, log: (line: string) => void): Promise<CustomersResult> {
  log(`users: ${runs} x first page...`);
  const first = await timedRuns(runs, () => app.call('users.list', {}));
  const firstShape = { rows: first.value.rows.length, hasMore: first.value.nextCursor !== null, total: first.value.total, unlisted: first.value.unlisted };
  log(`users: first page ${first.runsMs.join(' / ')} ms`);
  const usersFirstPage = { ms: first.ms, runsMs: first.runsMs, reads: pageReads(firstShape, true).reads, rows: firstShape.rows, total: first.value.total };

  log(`users: following nextCursor to the ${LOAD_MORES}th Load More...`);
  let cursor = first.value.nextCursor;
  for (let i = 1; i < LOAD_MORES && cursor; i++) cursor = (await app.call('users.list', { cursor })).nextCursor;
  if (!cursor) return { usersFirstPage, usersTenthLoadMore: null };
  const at = cursor;
  log(`users: ${runs} x the ${LOAD_MORES}th Load More...`);
  const tenth = await timedRuns(runs, () => app.call('users.list', { cursor: at }));
  log(`users: 10th Load More ${tenth.runsMs.join(' / ')} ms`);
  const shape = { rows: tenth.value.rows.length, hasMore: tenth.value.nextCursor !== null, total: null, unlisted: null };
  return { usersFirstPage, usersTenthLoadMore: { ms: tenth.ms, runsMs: tenth.runsMs, reads: pageReads(shape, false).reads, rows: shape.rows } };
}
