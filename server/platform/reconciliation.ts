// Reconciliation on the server (docs/operations/functions.md): a run started by the nightly schedule
// (or by the administrator's Start, through the backend host), then processed one page of customers
// per task by the step the desktop loops on (src/core/reconciliationStep.ts): the same merge, its
// progress saved after each page exactly as the desktop saves it. Each task claims the run's next
// page first, so two tasks never count one page twice, and a task retried after a crash takes its
// own page back.
import { randomUUID } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { MergeSizes } from '../../src/core/reconciliationMerge';
import { reconcileStep } from '../../src/core/reconciliationStep';
import { auditEntryOf } from '../../src/shared/domain/changeset';
import { readAuditChain } from '../auditChain';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../../src/shared/domain/platformSettings';
import { nightKindOf } from '../../src/shared/domain/nightlyCheck';
import { startReconciliation } from '../../src/shared/domain/reconciliation';
import { storedRunOf, type StoredRun } from '../../src/shared/domain/reconciliationStored';
import { StoredTimestamp } from '../../src/shared/domain/stored';
import { anyJournalHead, runChangedCheck } from './nightlyCheck';
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
 * How the queue tries one page (functions/src/reconciliation.ts): 10 attempts, 30 s to 10 minutes apart,
 * each until its dispatch deadline (the function itself stops at 9 minutes).
 */
export const PAGE_RETRY = { maxAttempts: 10, minBackoffSeconds: 30, maxBackoffSeconds: 600 } as const;
export const PAGE_DEADLINE_SECONDS = 600;

/** The longest the queue goes on trying one page: every attempt to its deadline, and the backoffs (doubling) between them. */
export function pageRetryWindowMs(retry: typeof PAGE_RETRY = PAGE_RETRY, deadlineSeconds = PAGE_DEADLINE_SECONDS): number {
  let backoffs = 0;
  for (let retried = 0; retried < retry.maxAttempts - 1; retried++) backoffs += Math.min(retry.minBackoffSeconds * 2 ** retried, retry.maxBackoffSeconds);
  return (retry.maxAttempts * deadlineSeconds + backoffs) * 1000;
}

/**
 * A running run whose heartbeat (its start, a task's claim of a page, a page saved) is older than this has
 * lost what ran it: a task that died on its last attempt, or vanished, or the desktop that ran it closed.
 * Longer than the queue tries a page (pageRetryWindowMs, about 2.6 hours), shorter than a day: the next
 * night's start ends it failed, saying why, and starts anew (Resume still goes on from its last page).
 */
export const RUN_SILENT_AFTER_MS = 6 * 3_600_000;

/** Why a run that went silent was ended. */
export function silentRunReason(run: StoredRun): string {
  const since = run.heartbeatAt ?? run.startedAt ?? 'it started';
  return run.by === 'server'
    ? `Its task stopped: no page was taken or saved since ${since}, longer than the queue tries a page. Ended by the next start.`
    : `The Ledgerdesk running it stopped: no page was saved since ${since}. Ended by the next start.`;
}

/** Whether a running run has been silent too long (one with no time at all, which nothing can show progressing, counts as silent). */
const silentAt = (run: StoredRun, now: Date): boolean => !(now.getTime() - Date.parse(run.heartbeatAt ?? run.startedAt ?? '') <= RUN_SILENT_AFTER_MS);

/**
 * A task's page: more customers than the desktop's page, fewer records per read. Each task opens the
 * streams afresh at its first customer, so what the page before read past its own last customer is
 * read again (at most one page of records per stream); a small record page keeps that re-read small,
 * and a large customer page makes it rare (docs/operations/functions.md, "What a nightly run costs").
 */
export const SERVER_PAGE: MergeSizes = { customers: 1_000, customersRead: 1_001, records: 100 };

const storeOf = (deps: ServerRunDeps) => deps.store ?? adminReconciliationStore(deps.db, deps.now);
const stored = (value: unknown) => (value instanceof StoredTimestamp ? Timestamp.fromMillis(value.toMillis()) : value);

export const RUN_GOING = 'A reconciliation run is not finished yet: resume or stop it before starting another.';

/** Running runs looked at before a start: one at a time is the rule, so a few is plenty. */
const RUNNING_LOOKED_AT = 10;

/**
 * Starts a server run with its audit entry at auditLog/{operationId} (a repeat of the same operation
 * answers the run it started), then queues its first page. Refused while another run is going; a run
 * silent for longer than RUN_SILENT_AFTER_MS is not going: it is ended failed, in the same transaction.
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
    const going = await tx.get(deps.db.collection('reconciliationRuns').where('state', '==', 'running').limit(RUNNING_LOOKED_AT));
    const running = going.docs.map((run) => storedRunOf(run.id, run.data()));
    const silent = running.filter((run) => silentAt(run, now));
    if (silent.length < running.length) throw Object.assign(new Error(RUN_GOING), { conflict: true });
    // The audit chain's head is the last read: every audited write contends on it.
    const chain = await readAuditChain(tx, deps.db);
    const ended = silent.map((run) => ({ run, path: `reconciliationRuns/${run.id}`, error: silentRunReason(run) }));
    for (const { path: endedPath, error } of ended) tx.update(deps.db.doc(endedPath), { state: 'failed', error, lastAuditId: operationId });
    const set = Object.fromEntries(Object.entries(changeset.changes[0]!.set ?? {}).map(([key, value]) => [key, stored(value)]));
    tx.create(deps.db.doc(path), { ...set, by: 'server', lastAuditId: operationId });
    // The start's audit entry tells of the runs it ended too.
    const audit = {
      ...changeset.audit,
      before: Object.fromEntries(ended.map(({ path: endedPath }) => [`${endedPath}.state`, 'running'])),
      after: { ...changeset.audit.after, ...Object.fromEntries(ended.map(({ path: endedPath, error }) => [`${endedPath}.state`, `failed: ${error}`])) }
    };
    chain.append(
      entry,
      auditEntryOf(audit, actor, { id: operationId, fingerprint: `reconciliation.start:server` }, { runId }, [path, ...ended.map((e) => e.path)])
    );
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

/** The task queue's handler: claims the run's next page, runs its step (merged and saved, src/core/reconciliationStep.ts), and queues the page after it. */
export async function reconcileNextPage(deps: ServerRunDeps, task: PageTask): Promise<PageOutcome> {
  const store = storeOf(deps);
  const sizes = deps.sizes ?? SERVER_PAGE;
  const pass = randomUUID();
  const claim = await store.claimPage(task.runId, task.wake, pass, PAGE_LEASE_MS, (deps.now?.() ?? new Date()).getTime());
  if ('not' in claim) return claim.not;
  const { cursor, totals } = claim.taken;
  const step = await reconcileStep(store, { runId: task.runId, pass, actor: task.actor }, { cursor, totals }, { sizes });
  // Stopped from the Reconciliation screen, or taken over: nothing of this page was written.
  if (step.outcome === 'lost') return 'lost';
  // Saved stopped: only a host that asks Stop sees this (a task asks none; the screen's Stop makes it 'lost'); no page follows.
  if (step.outcome === 'stopped') return 'not running';
  if (step.outcome === 'finished') {
    const done = step.at.totals;
    deps.log(`reconciliation run ${task.runId}: finished, ${done.customers} customers, ${done.drifted} drifted, ${done.reads} documents read`);
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

/** Which attempt at a task this is: the queue's retry count (0 the first; Cloud Tasks' X-CloudTasks-TaskRetryCount) of its maxAttempts. */
export interface TaskAttempt {
  retryCount: number;
  maxAttempts: number;
}

/**
 * A page task as a queue runs it: when it fails on its last attempt, the run is marked failed with the
 * reason before the error goes back to the queue, which then drops the task (a task that dies outright
 * leaves the run silent, and the next start ends it).
 */
export async function runPageTask(deps: ServerRunDeps, task: PageTask, attempt: TaskAttempt): Promise<PageOutcome> {
  try {
    return await reconcileNextPage(deps, task);
  } catch (error) {
    if (attempt.retryCount + 1 >= attempt.maxAttempts) {
      await pageGaveUp(deps, task, error).catch((failed: unknown) =>
        deps.log(`reconciliation run ${task.runId}: could not be marked failed: ${reasonOf(failed)}`)
      );
    }
    throw error;
  }
}

/** What the hourly schedule decided: a full run started, or the changed customers checked (to its end). */
export type NightlyOutcome = 'started' | 'checked changed' | 'off' | 'not the hour' | 'already today' | 'a run is going';

/** A running run silent too long may be ended by the next start, with the reason (null: it is still going). */
export const silentRunEnd = (run: StoredRun, now: Date): string | null => (silentAt(run, now) ? silentRunReason(run) : null);

/**
 * The schedule runs every hour; the run starts in the hour settings/ledgerdesk.reconciliationHour
 * names (UTC), once a day: its audit entry's id is the day's, so a second call that day (a retry, or
 * a schedule fired twice) answers the run already started. Which run (§16.5): the changed customers
 * only, read to the end in this call; the full run on the weekday the settings name, or while no
 * customer has a journal head to start from.
 */
export async function nightlyReconciliation(deps: ServerRunDeps): Promise<NightlyOutcome> {
  const now = deps.now?.() ?? new Date();
  const settings = (await deps.db.doc(PLATFORM_SETTINGS_PATH).get()).data() ?? null;
  const { reconciliationHour } = readPlatformSettings(settings);
  if (reconciliationHour === null) return 'off';
  if (now.getUTCHours() !== reconciliationHour) return 'not the hour';
  try {
    if (nightKindOf(now, settings, await anyJournalHead(deps.db)) === 'changed') {
      const checked = await runChangedCheck(
        { db: deps.db, log: deps.log, ...(deps.now ? { now: deps.now } : {}), silent: silentRunEnd },
        NIGHTLY,
        nightlyOperationId(now)
      );
      return checked.started ? 'checked changed' : 'already today';
    }
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

/** Attempts the in-process queue makes at one task. */
export const IN_PROCESS_ATTEMPTS = 5;

/**
 * A page queue in this process, for a platform run on one computer (the demo, the plain Node
 * service): each task runs after the one before, and a failed one is tried again up to 5 times,
 * the handler told which attempt it is (runPageTask marks the run failed on the last).
 */
export function inProcessPageQueue(
  handle: (task: PageTask, attempt: TaskAttempt) => Promise<unknown>,
  log: (line: string) => void,
  retryMs = 2_000
): PageQueue & { idle(): Promise<void> } {
  let chain: Promise<unknown> = Promise.resolve();
  const attempt = async (task: PageTask, tries: number): Promise<void> => {
    try {
      await handle(task, { retryCount: tries - 1, maxAttempts: IN_PROCESS_ATTEMPTS });
    } catch (error) {
      log(`reconciliation page failed (try ${tries}): ${error instanceof Error ? error.message : String(error)}`);
      if (tries < IN_PROCESS_ATTEMPTS) {
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
