// Issue 29's nightly run on the server (server/platform/reconciliation.ts): one run processed one task
// at a time, as Cloud Tasks would hand them over, each task one page of customers, against the seeded
// emulator. Documents read against the bound (customers + records + what each task reads again at its
// page's edge), the tasks, and the live heap of this process during each task (a full collection
// before it and every 250 ms during it): a task must hold a page, never the platform.
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { NIGHTLY, reconcileNextPage, SERVER_PAGE, startServerRun, type PageTask } from '../../server/platform/reconciliation';
import type { EmulatorHosts } from '../devenv/emulators';
import type { ExpectedReconciliation } from './data';
import { collector } from './soak';
import type { Target } from './targets';
import { round1 } from './timing';

export interface NightlyResult {
  state: string;
  tasks: number;
  ms: number;
  /** Reads the run billed itself (totals.reads). */
  reads: number;
  bound: { customers: number; records: number; perTask: number; documents: number };
  drifted: number;
  expectedDrifted: number;
  /** The most live heap any task added over the heap before it, MB. */
  peakTaskGrowthMb: number;
  pageSizes: { customers: number; records: number };
}

/** A task's page holds 1,000 customers and 3 x 100 records (a few MB); more means it holds more than its page. */
export const NIGHTLY_HEAP_MB = 64;

export async function measureNightly(
  hosts: EmulatorHosts,
  expected: { successfulDeposits: number; approvedWithdrawals: number; reconciliation: ExpectedReconciliation },
  log: (line: string) => void
): Promise<NightlyResult> {
  const app = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-bench-nightly-${process.pid}`);
  try {
    const db = getFirestore(app);
    const customers = (await db.collection('users').count().get()).data().count;
    // Any run the other parts left going is stopped: the server starts one only when none is.
    for (const run of (await db.collection('reconciliationRuns').where('state', '==', 'running').get()).docs) await run.ref.update({ state: 'stopped' });
    const tasks: PageTask[] = [];
    const deps = { db, log: () => undefined, queue: { enqueue: async (task: PageTask) => void tasks.push(task) } };
    const fullGc = collector();
    const started = performance.now();
    const { runId } = await startServerRun(deps, NIGHTLY, randomUUID());
    log(`nightly: one server run over ${customers.toLocaleString('en-US')} customers, ${SERVER_PAGE.customers} per task...`);
    let peakGrowth = 0;
    let handled = 0;
    for (let task = tasks.shift(); task; task = tasks.shift()) {
      fullGc();
      const before = process.memoryUsage().heapUsed;
      const sampler = setInterval(() => {
        fullGc();
        peakGrowth = Math.max(peakGrowth, process.memoryUsage().heapUsed - before);
      }, 250);
      try {
        await reconcileNextPage(deps, task);
      } finally {
        clearInterval(sampler);
      }
      handled += 1;
    }
    const ms = performance.now() - started;
    const run = (await db.doc(`reconciliationRuns/${runId}`).get()).data() ?? {};
    const totals = (run.totals ?? {}) as { reads?: number; drifted?: number };
    const records = expected.successfulDeposits + expected.approvedWithdrawals + expected.reconciliation.adjustmentEntries;
    // Per task: the three records read apart (an empty query each), a page of each stream read again past the page's
    // edge, an empty last query per stream, and the next task's first customer (read to know where the page ends).
    const perTask = 3 + 3 * SERVER_PAGE.records + 4 + 1;
    return {
      state: String(run.state),
      tasks: handled,
      ms: Math.round(ms),
      reads: totals.reads ?? 0,
      bound: { customers, records, perTask, documents: customers + records + handled * perTask },
      drifted: totals.drifted ?? 0,
      expectedDrifted: expected.reconciliation.drifted.length,
      peakTaskGrowthMb: round1(peakGrowth / 2 ** 20),
      pageSizes: { customers: SERVER_PAGE.customers, records: SERVER_PAGE.records }
    };
  } finally {
    await deleteApp(app);
  }
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');

export function nightlyTargets(r: NightlyResult): Record<string, Target> {
  const b = r.bound;
  const finished = r.state === 'finished';
  return {
    nightlyReads: {
      met: finished && r.reads <= b.documents && r.drifted === r.expectedDrifted,
      detail:
        `${finished ? 'the server run' : `the server run ${r.state}:`} ${r.tasks} tasks of ${n(r.pageSizes.customers)} customers read ${n(r.reads)} documents ` +
        `(bound ${n(b.documents)} = ${n(b.customers)} customers + ${n(b.records)} records + ${r.tasks} tasks x ${b.perTask} at a page's edge); ` +
        `${n(r.ms)} ms; ${r.drifted} drifted found, ${r.expectedDrifted} planted`
    },
    nightlyHeapPerTask: {
      met: finished && r.peakTaskGrowthMb <= NIGHTLY_HEAP_MB,
      detail: `the most live heap a task added: +${r.peakTaskGrowthMb} MB (limit +${NIGHTLY_HEAP_MB} MB: a page of ${n(r.pageSizes.customers)} customers and 3 x ${r.pageSizes.records} records)`
    }
  };
}
