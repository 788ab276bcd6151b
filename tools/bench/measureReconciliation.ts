// Issue 22: the platform-wide reconciliation run (reconciliation.start, followed with
// reconciliation.run until it ends), its documents read against the issue's bound (customers +
// successful deposits + approved withdrawals + adjustment audit entries), its time, and the heap of
// this process (where the run's main-process code runs) while it goes on.
import { randomUUID } from 'node:crypto';
import { collection, count, getAggregateFromServer, type Firestore } from 'firebase/firestore';
import type { ReconciliationStore } from '../../src/core/ports/reconciliation';
import { CUSTOMER_PAGE, RECORD_PAGE } from '../../src/core/reconciliation';
import type { Output } from '../../src/shared/contract';
import type { BenchApp } from './app';
import { aggregationReads } from './billing';
import type { ExpectedReconciliation } from './data';
import { collector } from './soak';
import { round1 } from './timing';

/** How often the bench asks reconciliation.run whether the run has ended. */
const POLL_MS = 250;
/** How often the live heap is read during the run (after a full collection, so garbage is not counted). */
const HEAP_EVERY_MS = 1_000;
/** A run that fails (a page the emulator did not answer within the app's deadline) is resumed at most this often. */
const MAX_RESUMES = 3;

export interface ReconciliationBound {
  customers: number;
  successfulDeposits: number;
  approvedWithdrawals: number;
  adjustmentEntries: number;
  /** The sum: the most documents the run may read. */
  documents: number;
  /** Streams that end on a full page: each then asks one more query that returns nothing and is billed one read. */
  endOfStreamQueries: number;
  /** The records whose userId starts with a space, read apart before the merge: one query per stream, billed one read when empty (the seed plants none). */
  apartQueries: number;
}

export interface ReconciliationResult {
  runId: string;
  state: string;
  error: string | null;
  /** The errors the run failed on and was resumed after (the page under way is read again, so billed reads are undercounted by it). */
  resumedAfter: string[];
  ms: number;
  /** Documents the run's streams returned (customers, records and adjustments it counted, orphans included). */
  documents: number;
  /** Reads the run billed itself (totals.reads): its documents, and one for each query that returned none. */
  reads: number;
  /** reconciliation.start's count of the customers to check, an aggregation, billed apart. */
  countReads: number;
  bound: ReconciliationBound;
  totals: { customers: number; deposits: number; withdrawals: number; adjustments: number; unsummable: number; orphans: number };
  drifted: number;
  /** Every planted drifted customer reported, and nobody else (the adjusted ones explained). */
  driftedAsPlanted: boolean;
  expectedDrifted: number;
  heap: {
    /** Live heap before the run, after a full collection, MB. */
    beforeMb: number;
    /** The most live heap seen during the run (full collection every second), MB. */
    peakMb: number;
    /** Live heap after the run, after a full collection, MB. */
    afterMb: number;
    peakGrowthMb: number;
    retainedGrowthMb: number;
    samples: number;
  };
  pageSizes: { customers: number; records: number };
  /** Total time of each store call during the run (empty when the store was not wrapped). */
  storeTimes: StoreTimes;
}

/** Time spent in each of the run's store calls (customers, each stream, the progress saves), in total. */
export type StoreTimes = Record<string, { calls: number; ms: number }>;

/** Wraps the run's store to time its calls: where a run's time goes (the emulator's queries or the saves). */
export function timedStore(): { wrap: (store: ReconciliationStore) => ReconciliationStore; times: StoreTimes } {
  const times: StoreTimes = {};
  const time = async <T>(name: string, call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await call();
    } finally {
      const t = (times[name] ??= { calls: 0, ms: 0 });
      t.calls += 1;
      t.ms = round1(t.ms + performance.now() - started);
    }
  };
  const wrap = (store: ReconciliationStore): ReconciliationStore => ({
    ...store,
    customers: (after, size) => time('customers', () => store.customers(after, size)),
    records: (name, ...rest) => time(name, () => store.records(name, ...rest)),
    adjustments: (...args) => time('adjustments', () => store.adjustments(...args)),
    save: (...args) => time('save', () => store.save(...args))
  });
  return { wrap, times };
}

const mb = (bytes: number) => round1(bytes / 2 ** 20);

/** Streams ending on a full page read one more, empty, page; an empty stream reads one empty page. */
const endsOnFullPage = (n: number, size: number) => (n % size === 0 ? 1 : 0);

export async function measureReconciliation(
  app: BenchApp,
  db: Firestore,
  expected: { successfulDeposits: number; approvedWithdrawals: number; reconciliation: ExpectedReconciliation },
  log: (line: string) => void,
  storeTimes: StoreTimes = {}
): Promise<ReconciliationResult> {
  // Customers as the run counts them: the users collection (the seeded customers, nothing else writes there).
  const customers = (await getAggregateFromServer(collection(db, 'users'), { n: count() })).data().n;
  const bound: ReconciliationBound = {
    customers,
    successfulDeposits: expected.successfulDeposits,
    approvedWithdrawals: expected.approvedWithdrawals,
    adjustmentEntries: expected.reconciliation.adjustmentEntries,
    documents: customers + expected.successfulDeposits + expected.approvedWithdrawals + expected.reconciliation.adjustmentEntries,
    endOfStreamQueries:
      endsOnFullPage(customers, CUSTOMER_PAGE) +
      endsOnFullPage(expected.successfulDeposits, RECORD_PAGE) +
      endsOnFullPage(expected.approvedWithdrawals, RECORD_PAGE) +
      endsOnFullPage(expected.reconciliation.adjustmentEntries, RECORD_PAGE),
    apartQueries: 3
  };

  const fullGc = collector();
  fullGc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let samples = 0;
  const sampler = setInterval(() => {
    fullGc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    samples += 1;
  }, HEAP_EVERY_MS);

  log(`reconciliation: one run over ${customers.toLocaleString('en-US')} customers (bound ${bound.documents.toLocaleString('en-US')} documents)...`);
  const started = performance.now();
  let run;
  const failures: string[] = [];
  try {
    run = await app.call('reconciliation.start', { operationId: randomUUID() });
    let lastLog = started;
    for (;;) {
      if (run.state === 'failed' && failures.length < MAX_RESUMES) {
        // As the administrator would: Resume goes on from the last page it saved.
        failures.push(run.error ?? 'failed');
        log(`reconciliation: the run failed (${run.error}); resuming it (${failures.length} of at most ${MAX_RESUMES})...`);
        run = await app.call('reconciliation.resume', { id: run.id });
      }
      if (run.state !== 'running') break;
      await new Promise((done) => setTimeout(done, POLL_MS));
      run = await app.call('reconciliation.run', { id: run.id });
      if (performance.now() - lastLog > 30_000) {
        lastLog = performance.now();
        log(
          `reconciliation: ${run.totals.customers.toLocaleString('en-US')} / ${run.total.toLocaleString('en-US')} customers, ${run.totals.reads.toLocaleString('en-US')} reads...`
        );
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const ms = round1(performance.now() - started);
  fullGc();
  const after = process.memoryUsage().heapUsed;
  peak = Math.max(peak, after);

  // The drifted customers it kept, paged as the Reconciliation screen pages them.
  const found: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Output<'reconciliation.drifted'> = await app.call('reconciliation.drifted', { id: run.id, ...(cursor ? { cursor } : {}) });
    found.push(...page.rows.map((row) => row.userId));
    cursor = page.nextCursor;
  } while (cursor);
  const planted = new Set(expected.reconciliation.drifted);
  const driftedAsPlanted = found.length === planted.size && found.every((id) => planted.has(id)) && run.totals.drifted === planted.size;

  const t = run.totals;
  const documents = t.customers + t.deposits + t.withdrawals + t.adjustments + t.orphans;
  const result: ReconciliationResult = {
    runId: run.id,
    state: run.state,
    error: run.error,
    resumedAfter: failures,
    ms,
    documents,
    reads: t.reads,
    countReads: aggregationReads(customers),
    bound,
    totals: {
      customers: t.customers,
      deposits: t.deposits,
      withdrawals: t.withdrawals,
      adjustments: t.adjustments,
      unsummable: t.unsummable,
      orphans: t.orphans
    },
    drifted: t.drifted,
    driftedAsPlanted,
    expectedDrifted: planted.size,
    heap: {
      beforeMb: mb(before),
      peakMb: mb(peak),
      afterMb: mb(after),
      peakGrowthMb: mb(peak - before),
      retainedGrowthMb: mb(after - before),
      samples
    },
    pageSizes: { customers: CUSTOMER_PAGE, records: RECORD_PAGE },
    storeTimes
  };
  log(
    `reconciliation: ${run.state} in ${Math.round(ms).toLocaleString('en-US')} ms, ${documents.toLocaleString('en-US')} documents / ${t.reads.toLocaleString('en-US')} reads ` +
      `(bound ${bound.documents.toLocaleString('en-US')}), ${t.drifted} drifted (planted ${planted.size}), heap +${result.heap.peakGrowthMb} MB at most`
  );
  log(
    `reconciliation: time in its store calls: ${Object.entries(storeTimes)
      .map(([name, t]) => `${name} ${t.calls} x ${Math.round(t.ms / Math.max(1, t.calls))} ms`)
      .join(', ')}`
  );
  return result;
}
