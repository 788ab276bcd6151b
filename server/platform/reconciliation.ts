// Reconciliation on the server (docs/operations/functions.md): a run started by the nightly schedule
// (or by the administrator's Start, through the backend host), then processed one page of customers
// per task by the same merge the desktop runs (src/main/app/reconciliationMerge.ts), its progress saved
// after each page exactly as the desktop saves it. Each task claims the run's next page first, so two
// tasks never count one page twice, and a task retried after a crash takes its own page back.
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { ReconciliationMerge, type MergeSizes } from '../../src/main/app/reconciliationMerge';
import { auditEntryOf } from '../../src/shared/domain/changeset';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../../src/shared/domain/platformSettings';
import { addTotals, startReconciliation } from '../../src/shared/domain/reconciliation';
import { StoredTimestamp } from '../../src/shared/domain/stored';
import { adminReconciliationStore, type PlatformReconciliationStore } from './reconciliationStore';

/** Who signs what a run writes (its start, its drifted customers' audit entries). */
export interface RunActor {
  uid: string;
  email: string;
}

/** The schedule's signature on a nightly run's entries: no administrator asked, the platform did. */
export const NIGHTLY: RunActor = { uid: 'ledgerdesk-functions', email: 'nightly schedule (Ledgerdesk functions)' };

/** One task: process the run's next page (whichever it is by then). `wake` names this task, across the queue's retries. */
export interface PageTask {
  runId: string;
  wake: string;
  actor: RunActor;
}

/** Where the next page's task goes: Cloud Tasks in the functions, a queue in this process elsewhere. */
export interface PageQueue {
  enqueue(task: PageTask): Promise<void>;
}

export interface ServerRunDeps {
  db: Firestore;
  queue: PageQueue;
  log: (line: string) => void;
  now?: () => Date;
  sizes?: MergeSizes;
  /** For tests: the store over something other than this db. */
  store?: PlatformReconciliationStore;
}

/**
 * How long a task holds a page: longer than a task may run (the function's timeout is 9 minutes), so
 * a slow page is never taken from under its task; a task that died holds it no longer than this.
 */
export const PAGE_LEASE_MS = 10 * 60_000;

/**
 * A task's page: more customers than the desktop's page, fewer records per read. Each task opens the
 * streams afresh at its first customer, so what the page before read past its own last customer is
 * read again (at most one page of records per stream); a small record page keeps that re-read small,
 * and a large customer page makes it rare (docs/operations/functions.md, "What a nightly run costs").
 */
export const SERVER_PAGE: MergeSizes = { customers: 1_000, customersRead: 1_001, records: 100 };

const storeOf = (deps: ServerRunDeps) => deps.store ?? adminReconciliationStore(deps.db);
const stored = (value: unknown) => (value instanceof StoredTimestamp ? Timestamp.fromMillis(value.toMillis()) : value);

export const RUN_GOING = 'A reconciliation run is not finished yet: resume or stop it before starting another.';

/**
 * Starts a server run with its audit entry at auditLog/{operationId} (a repeat of the same operation
 * answers the run it started), then queues its first page. Refused while another run is going.
 */
export async function startServerRun(deps: ServerRunDeps, actor: RunActor, operationId: string): Promise<{ runId: string; started: boolean }> {
  const store = storeOf(deps);
  const now = deps.now?.() ?? new Date();
  const customers = await store.countCustomers();
  const runId = randomUUID();
  const pass = randomUUID();
  const changeset = startReconciliation(runId, customers, now, actor.email, pass);
  const path = `reconciliationRuns/${runId}`;
  const entry = deps.db.collection('auditLog').doc(operationId);
  const answer = await deps.db.runTransaction(async (tx) => {
    const previous = await tx.get(entry);
    if (previous.exists) return { runId: String((previous.get('answer') as { runId?: unknown } | null)?.runId ?? ''), started: false };
    const going = await tx.get(deps.db.collection('reconciliationRuns').where('state', '==', 'running').limit(1));
    if (!going.empty) throw Object.assign(new Error(RUN_GOING), { conflict: true });
    const set = Object.fromEntries(Object.entries(changeset.changes[0]!.set ?? {}).map(([key, value]) => [key, stored(value)]));
    tx.create(deps.db.doc(path), { ...set, by: 'server', lastAuditId: operationId });
    tx.create(entry, {
      ...auditEntryOf(changeset.audit, actor, { id: operationId, fingerprint: `reconciliation.start:server` }, { runId }, [path]),
      at: FieldValue.serverTimestamp()
    });
    return { runId, started: true };
  });
  if (answer.started) await queueFirstPage(deps, store, { runId, wake: randomUUID(), actor }, pass);
  deps.log(`reconciliation run ${answer.runId}: ${answer.started ? 'started' : 'already started by this operation'}`);
  return answer;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Queues a new run's first page. The run is created first (a task that came before it would find no
 * run and be dropped); when the queue refuses, the run is ended failed with the reason, so no run is
 * left going with no task to run it, and the error goes back to the caller (the schedule, or Start).
 */
async function queueFirstPage(deps: ServerRunDeps, store: PlatformReconciliationStore, task: PageTask, pass: string): Promise<void> {
  try {
    await deps.queue.enqueue(task);
  } catch (error) {
    const reason = `Its first page could not be queued: ${reasonOf(error)}`.slice(0, 500);
    deps.log(`reconciliation run ${task.runId}: ${reason}`);
    // Only while no task has taken it: a queue that failed to answer may have queued the task after all.
    await store
      .update(task.runId, (run) => (run.state === 'running' && run.pass === pass ? { state: 'failed', error: reason } : null))
      .catch((failed: unknown) => deps.log(`reconciliation run ${task.runId}: could not be marked failed: ${reasonOf(failed)}`));
    throw error;
  }
}

/** What one task did. */
export type PageOutcome = 'page saved' | 'finished' | 'busy' | 'not running' | 'no run' | 'lost';

/** The task queue's handler: claims the run's next page, merges it, saves it, and queues the page after it. */
export async function reconcileNextPage(deps: ServerRunDeps, task: PageTask): Promise<PageOutcome> {
  const store = storeOf(deps);
  const sizes = deps.sizes ?? SERVER_PAGE;
  const pass = randomUUID();
  const claim = await store.claimPage(task.runId, task.wake, pass, PAGE_LEASE_MS, (deps.now?.() ?? new Date()).getTime());
  if ('not' in claim) return claim.not;
  const run = claim.taken;
  const merge = await ReconciliationMerge.open(store, { after: run.cursor, sizes });
  const page = await merge.page(sizes.customers);
  const totals = structuredClone(run.totals);
  addTotals(totals, page.totals);
  totals.reads += merge.takeReads();
  const saved = await store.save(
    task.runId,
    pass,
    { cursor: page.cursor, totals, ...(page.last ? { state: 'finished', finished: true } : {}) },
    page.drifted,
    task.actor
  );
  // Stopped from the Reconciliation screen, or taken over: nothing of this page was written.
  if (!saved) return 'lost';
  if (page.last) {
    deps.log(`reconciliation run ${task.runId}: finished, ${totals.customers} customers, ${totals.drifted} drifted, ${totals.reads} documents read`);
    return 'finished';
  }
  await deps.queue.enqueue({ runId: task.runId, wake: randomUUID(), actor: task.actor });
  return 'page saved';
}

/** The last attempt of a task failed: the run is marked failed with the reason (the screen offers Resume), unless it moved on. */
export async function pageGaveUp(deps: ServerRunDeps, task: PageTask, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await storeOf(deps).update(task.runId, (run) => (run.state === 'running' ? { state: 'failed', error: message.slice(0, 500) } : null));
}

/** What the hourly schedule decided. */
export type NightlyOutcome = 'started' | 'off' | 'not the hour' | 'already today' | 'a run is going';

/**
 * The schedule runs every hour; the run starts in the hour settings/ledgerdesk.reconciliationHour
 * names (UTC), once a day: its audit entry's id is the day's, so a second call that day (a retry, or
 * a schedule fired twice) answers the run already started.
 */
export async function nightlyReconciliation(deps: ServerRunDeps): Promise<NightlyOutcome> {
  const now = deps.now?.() ?? new Date();
  const { reconciliationHour } = readPlatformSettings((await deps.db.doc(PLATFORM_SETTINGS_PATH).get()).data() ?? null);
  if (reconciliationHour === null) return 'off';
  if (now.getUTCHours() !== reconciliationHour) return 'not the hour';
  try {
    const { started } = await startServerRun(deps, NIGHTLY, nightlyOperationId(now));
    return started ? 'started' : 'already today';
  } catch (error) {
    if ((error as { conflict?: boolean }).conflict) return 'a run is going';
    throw error;
  }
}

/** The day's one operation id (a UUID, as audit entries' ids are), from its UTC date. */
export function nightlyOperationId(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `5eed0000-0000-4000-8000-${day.padStart(12, '0')}`;
}

/**
 * A page queue in this process, for a platform run on one computer (the demo, the plain Node
 * service): each task runs after the one before, and a failed one is tried again up to 5 times.
 */
export function inProcessPageQueue(
  handle: (task: PageTask) => Promise<unknown>,
  log: (line: string) => void,
  retryMs = 2_000
): PageQueue & { idle(): Promise<void> } {
  let chain: Promise<unknown> = Promise.resolve();
  const attempt = async (task: PageTask, tries: number): Promise<void> => {
    try {
      await handle(task);
    } catch (error) {
      log(`reconciliation page failed (try ${tries}): ${error instanceof Error ? error.message : String(error)}`);
      if (tries < 5) {
        await new Promise((wait) => setTimeout(wait, retryMs));
        return attempt(task, tries + 1);
      }
    }
  };
  return {
    async enqueue(task) {
      // Not awaited: the caller (a page, or the start) finishes first, as with Cloud Tasks.
      chain = chain.then(() => new Promise((next) => setImmediate(next))).then(() => attempt(task, 1));
    },
    async idle() {
      for (let seen: Promise<unknown> | null = null; seen !== chain;) {
        seen = chain;
        await chain;
      }
    }
  };
}
