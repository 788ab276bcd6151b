// Reconciliation on the server: every hour the schedule asks whether this is the nightly run's hour
// (settings/ledgerdesk.reconciliationHour, UTC) and starts it once that day; the task queue then runs
// one page of customers per task, each task queueing the next (server/platform/reconciliation.ts).
import { getFirestore } from 'firebase-admin/firestore';
import { getFunctions } from 'firebase-admin/functions';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { nightlyReconciliation, pageGaveUp, reconcileNextPage as nextPage, type PageTask, type ServerRunDeps } from '../../server/platform/reconciliation';
import { platformApp } from './app';
import { regionNow } from './options';

/** Attempts Cloud Tasks makes at one page before the run is marked failed (the screen then offers Resume). */
const PAGE_ATTEMPTS = 10;

/** The functions' run dependencies: Firestore, and the task queue of reconcileNextPage in this region. */
export function serverRuns(): ServerRunDeps {
  const queue = getFunctions(platformApp()).taskQueue<PageTask>(`locations/${regionNow()}/functions/reconcileNextPage`);
  return {
    db: getFirestore(platformApp()),
    log: (line) => console.log(line),
    queue: { enqueue: (task) => queue.enqueue(task, { dispatchDeadlineSeconds: 600 }) }
  };
}

export const reconcileNextPage = onTaskDispatched<PageTask>(
  {
    retryConfig: { maxAttempts: PAGE_ATTEMPTS, minBackoffSeconds: 30, maxBackoffSeconds: 600 },
    // One page at a time: pages of one run follow each other anyway, and a second run waits for the first.
    rateLimits: { maxConcurrentDispatches: 1 },
    memory: '512MiB',
    timeoutSeconds: 540
  },
  async (request) => {
    const deps = serverRuns();
    try {
      await nextPage(deps, request.data);
    } catch (error) {
      if (request.retryCount + 1 >= PAGE_ATTEMPTS) await pageGaveUp(deps, request.data, error);
      throw error;
    }
  }
);

export const nightlyReconciliationHourly = onSchedule({ schedule: '0 * * * *', timeZone: 'UTC' }, async () => {
  await nightlyReconciliation(serverRuns());
});
