// Reconciliation on the server: every hour the schedule asks whether this is the nightly run's hour
// (settings/ledgerdesk.reconciliationHour, UTC) and runs it once that day: the changed customers'
// check (server/platform/nightlyCheck.ts) in this call, or a full run, whose task queue then runs one
// page of customers per task, each task queueing the next (server/platform/reconciliation.ts).
import { getFirestore } from 'firebase-admin/firestore';
import { getFunctions } from 'firebase-admin/functions';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { nightlyReconciliation, PAGE_DEADLINE_SECONDS, PAGE_RETRY, runPageTask, type PageTask, type ServerRunDeps } from '../../server/platform/reconciliation';
import { platformApp } from './app';
import { regionNow } from './options';

/** The functions' run dependencies: Firestore, and the task queue of reconcileNextPage in this region. */
export function serverRuns(): ServerRunDeps {
  const queue = getFunctions(platformApp()).taskQueue<PageTask>(`locations/${regionNow()}/functions/reconcileNextPage`);
  return {
    db: getFirestore(platformApp()),
    log: (line) => console.log(line),
    queue: { enqueue: (task) => queue.enqueue(task, { dispatchDeadlineSeconds: PAGE_DEADLINE_SECONDS }) }
  };
}

export const reconcileNextPage = onTaskDispatched<PageTask>(
  {
    // After the last attempt the run is marked failed (the screen then offers Resume); a task that dies
    // outright leaves the run silent, and the next night's start ends it (RUN_SILENT_AFTER_MS).
    retryConfig: { ...PAGE_RETRY },
    // One page at a time: pages of one run follow each other anyway, and a second run waits for the first.
    rateLimits: { maxConcurrentDispatches: 1 },
    memory: '512MiB',
    timeoutSeconds: 540
  },
  async (request) => {
    await runPageTask(serverRuns(), request.data, { retryCount: request.retryCount, maxAttempts: PAGE_RETRY.maxAttempts });
  }
);

// Most nights check only the changed customers (§16.5), to the end within this call: its reads grow
// with what changed (about 5,000 changed customers read in a few minutes), so it gets the longest a
// scheduled function may run, and the memory of a page task.
export const nightlyReconciliationHourly = onSchedule({ schedule: '0 * * * *', timeZone: 'UTC', timeoutSeconds: 540, memory: '512MiB' }, async () => {
  await nightlyReconciliation(serverRuns());
});
