// The withdrawal queue: the oldest pending withdrawal through the queue (pending, oldest first, one
// page) against the spec's way (newest first, 10 a page, Load More until it shows), reads counted.
import { collection, count, documentId, getAggregateFromServer, query, Timestamp, where, type Firestore } from 'firebase/firestore';
import type { BenchApp } from './app';
import { aggregationReads, listPageReads, queryReads } from './billing';
import { round1, timed, timedRuns } from './timing';

/** The page size of the money lists (src/main/firebase/moneyLists.ts). */
export const MONEY_PAGE = 10;

export interface QueueResult {
  queue: {
    ms: number;
    runsMs: number[];
    documents: number;
    countReads: number;
    reads: number;
    pending: number;
    unlisted: number;
    oldest: { id: string; createdAt: string } | null;
  };
  /** withdrawals.counts, asked beside the page for the status tabs ("Pending 3,012"). */
  tabs: { ms: number; reads: number; queries: number };
  specWay: {
    /** The page the oldest pending withdrawal is on, newest first. */
    pages: number;
    documents: number;
    countReads: number;
    reads: number;
    ms: number;
    /** Pages actually loaded, and their time; the rest (if any) is extrapolated. */
    paged: { pages: number; ms: number; msPerLoadMore: number };
    /** Withdrawals ahead of it, newest first, by a count aggregation (exact). */
    ahead: number;
    method: string;
  } | null;
}

/** How many withdrawals come before (createdAt, id) newest first: later dates, then equal dates with a greater id. */
async function aheadOf(db: Firestore, createdAt: string, id: string): Promise<number> {
  const ref = collection(db, 'withdrawals');
  const at = Timestamp.fromDate(new Date(createdAt));
  const [later, tied] = await Promise.all([
    getAggregateFromServer(query(ref, where('createdAt', '>', at)), { n: count() }),
    getAggregateFromServer(query(ref, where('createdAt', '==', at), where(documentId(), '>', id)), { n: count() })
  ]);
  return later.data().n + tied.data().n;
}

export async function measureQueue(app: BenchApp, db: Firestore, runs: number, capSeconds: number, log: (line: string) => void): Promise<QueueResult> {
  log(`queue: ${runs} x withdrawals.list pending, oldest first...`);
  const first = await timedRuns(runs, () => app.call('withdrawals.list', { status: 'pending', order: 'oldest' }));
  const page = first.value;
  const billed = listPageReads({ rows: page.rows.length, hasMore: page.nextCursor !== null, total: page.total, unlisted: page.unlisted });
  const oldestRow = page.rows[0];
  const oldest = oldestRow && oldestRow.createdAt ? { id: oldestRow.id, createdAt: oldestRow.createdAt } : null;
  log(
    `queue: ${first.runsMs.join(' / ')} ms, ${billed.documents} documents + ${billed.counts?.reads ?? 0} count reads; oldest pending ${oldest?.id ?? 'none'}`
  );

  const tabsCall = await timed(() => app.call('withdrawals.counts', {}));
  const tabCounts = [tabsCall.value.all, ...Object.values(tabsCall.value.statuses)];
  const tabs = { ms: round1(tabsCall.ms), reads: tabCounts.reduce((n, c) => n + aggregationReads(c), 0), queries: tabCounts.length };

  if (!oldest) return { queue: { ...queueOf(first, billed, page), oldest }, tabs, specWay: null };

  const ahead = await aheadOf(db, oldest.createdAt, oldest.id);
  const pages = Math.floor(ahead / MONEY_PAGE) + 1;
  log(
    `spec way: ${ahead.toLocaleString('en-US')} withdrawals ahead of it, newest first: page ${pages.toLocaleString('en-US')}; paging for up to ${capSeconds} s...`
  );

  // Newest first, 10 a page, Load More until it shows or the time cap.
  const started = performance.now();
  const top = await timed(() => app.call('withdrawals.list', {}));
  const listed = top.value.total ?? 0;
  const topBilled = listPageReads({
    rows: top.value.rows.length,
    hasMore: top.value.nextCursor !== null,
    total: top.value.total,
    unlisted: top.value.unlisted
  });
  let found = top.value.rows.some((r) => r.id === oldest.id) ? 1 : 0;
  let cursor = top.value.nextCursor;
  let loaded = 1;
  let loadMoreMs = 0;
  while (!found && cursor && performance.now() - started < capSeconds * 1000) {
    const next = await timed(() => app.call('withdrawals.list', { cursor }));
    loaded++;
    loadMoreMs += next.ms;
    if (next.value.rows.some((r) => r.id === oldest.id)) found = loaded;
    cursor = next.value.nextCursor;
  }
  const pagedMs = performance.now() - started;
  if (found && found !== pages) throw new Error(`The oldest pending withdrawal showed on page ${found}, the count said page ${pages}.`);
  const msPerLoadMore = loaded > 1 ? loadMoreMs / (loaded - 1) : top.ms;
  // Every page reads its rows plus one while more follow; the last one what is left.
  let documents = 0;
  for (let p = 1; p <= pages; p++) documents += queryReads(Math.min(MONEY_PAGE + 1, listed - (p - 1) * MONEY_PAGE));
  const countReads = topBilled.counts?.reads ?? 0;
  const method = found
    ? `paged for real to page ${found} (Load More ${found - 1} times); the count of the ${ahead.toLocaleString('en-US')} withdrawals ahead of it agrees`
    : `paged for real ${loaded} of ${pages.toLocaleString('en-US')} pages (${capSeconds} s cap), the rest extrapolated: ${ahead.toLocaleString('en-US')} withdrawals ahead of it by a count aggregation, ${round1(msPerLoadMore)} ms per Load More measured`;
  log(`spec way: ${method}`);
  return {
    queue: { ...queueOf(first, billed, page), oldest },
    tabs,
    specWay: {
      pages,
      documents,
      countReads,
      reads: documents + countReads,
      ms: Math.round(found ? pagedMs : pagedMs + (pages - loaded) * msPerLoadMore),
      paged: { pages: loaded, ms: Math.round(pagedMs), msPerLoadMore: round1(msPerLoadMore) },
      ahead,
      method
    }
  };
}

const queueOf = (
  first: { ms: number; runsMs: number[] },
  billed: ReturnType<typeof listPageReads>,
  page: { total: number | null; unlisted: number | null }
) => ({
  ms: first.ms,
  runsMs: first.runsMs,
  documents: billed.documents,
  countReads: billed.counts?.reads ?? 0,
  reads: billed.reads,
  pending: page.total ?? 0,
  unlisted: page.unlisted ?? 0
});
