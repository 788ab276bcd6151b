// The nightly check that reads what changed (docs/product-rules.md §16.5), on the platform through
// firebase-admin. What to conclude of a customer is decided in src/shared/domain/nightlyCheck.ts; this
// file only reads (the to-check heads, their new entries, the customers, the audit entries named, the
// rolling sample, two sums) and writes (the verified heads, the sample's cursor, the run).
import { randomUUID } from 'node:crypto';
import {
  AggregateField,
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot
} from 'firebase-admin/firestore';
import { ReconciliationMerge, type MergeSizes } from '../../src/core/reconciliationMerge';
import { auditEntryOf } from '../../src/shared/domain/changeset';
import type { ChainedEntry } from '../../src/shared/domain/chain';
import {
  checkCustomer,
  countOutcome,
  emptySummary,
  readCheckedHead,
  readFrom,
  ROLLING_CURSOR_PATH,
  sampleSize,
  platformTotalOf,
  type ChangedRunSummary,
  type CheckedHead,
  type CustomerOutcome
} from '../../src/shared/domain/nightlyCheck';
import { emptyTotals } from '../../src/shared/domain/reconciliation';
import { storedRunOf, type StoredRun } from '../../src/shared/domain/reconciliationStored';
import { JOURNAL_HEADS } from '../../src/shared/domain/recordsCheck';
import { readAuditChain } from '../auditChain';
import { adminReconciliationStore } from './reconciliationStore';

/** Who signs the run's entries (the schedule, or the administrator who asked). */
export interface CheckActor {
  uid: string;
  email: string;
}

export interface ChangedCheckDeps {
  db: Firestore;
  log: (line: string) => void;
  now?: () => Date;
  /** Customers checked at once: each is a few small reads, so a handful in flight hides their latency. */
  parallel?: number;
  /** The sample's merge pages (the full run's server page by default). */
  sizes?: MergeSizes;
  /** Nights the rolling sample takes to cover every customer (ROLLING_NIGHTS by default). */
  nights?: number;
  /**
   * Why a running run has gone silent and may be ended by this start (null: it is still going); by
   * default none is. The nightly schedule passes the full run's rule (server/platform/reconciliation.ts).
   */
  silent?: (run: StoredRun, now: Date) => string | null;
}

/** To-check heads read per page. */
const HEADS_PAGE = 300;
/** The sample's merge: as a server task's page (SERVER_PAGE), records read 100 at a time. */
const SAMPLE_SIZES: MergeSizes = { customers: 1_000, customersRead: 1_001, records: 100 };

/** Why the changed run was refused: another run is going (the full run's words, so the screen says one thing). */
export const CHECK_GOING = 'A reconciliation run is not finished yet: resume or stop it before starting another.';

const billed = (documents: number) => Math.max(1, documents);
/** Firestore bills an aggregation one read per 1,000 index entries it goes over (at least one). */
const aggregationReads = (entries: number) => Math.max(1, Math.ceil(entries / 1_000));

/** A stored value with its times as epoch milliseconds, as every verifier hashes them. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toMillis();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

const entryOf = (d: DocumentSnapshot): ChainedEntry => ({ path: d.ref.path, data: plain(d.data() ?? {}) as Record<string, unknown> });

/** Runs `work` over `items`, `parallel` at a time, in order of the items. */
async function inTurns<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

/** What one customer's check read and concluded. */
interface Checked {
  outcome: CustomerOutcome;
  reads: number;
  verified: boolean;
  movedMeanwhile: boolean;
}

/** Whether an audit entry's paths name the customer's document, as an administrator's write to it must. */
const coversCustomer = (paths: unknown, userId: string): boolean => Array.isArray(paths) && paths.includes(`users/${userId}`);

/** A head as read, with the time it was last written: the verified head is written only if it is still that. */
interface ReadHead {
  head: CheckedHead;
  updateTime: Timestamp;
}

/** Firestore's answer to a write whose precondition (the document's last update time) no longer holds. */
const isMovedOn = (error: unknown): boolean => (error as { code?: unknown }).code === 9 || /FAILED_PRECONDITION/.test(String(error));

/**
 * One customer: its entries after the verified head (or all of them, for the sample), its document and
 * the audit entries the entries name; then, over an intact chain, the verified head, written only if the
 * head was not written since it was read (a write's precondition, so no second read): a journal entry
 * since then is the next night's to read.
 */
async function checkOne(deps: ChangedCheckDeps, { head, updateTime }: ReadHead, full: boolean): Promise<Checked> {
  const { db } = deps;
  const from = readFrom(head, full);
  const journal = await db.collection(`users/${head.userId}/journal`).where('seq', '>', from).orderBy('seq').get();
  const entries = journal.docs.map(entryOf);
  const named = [...new Set(entries.map((e) => e.data.auditId).filter((id): id is string => typeof id === 'string' && id !== ''))];
  const [customer, ...audits] = await db.getAll(db.doc(`users/${head.userId}`), ...named.map((id) => db.doc(`auditLog/${id}`)));
  const reads = billed(journal.size) + 1 + named.length;
  const outcome = checkCustomer({
    head,
    entries,
    customer: customer!.exists ? (customer!.data() ?? {}) : null,
    auditIds: new Set(audits.filter((a) => a.exists && coversCustomer(a.get('paths'), head.userId)).map((a) => a.id)),
    full
  });
  const verify = outcome.verify;
  if (!verify) return { outcome, reads, verified: false, movedMeanwhile: false };
  const at = Timestamp.fromMillis((deps.now?.() ?? new Date()).getTime());
  try {
    await db.doc(`${JOURNAL_HEADS}/${head.userId}`).update({ verified: { ...verify, at }, toCheck: !outcome.clear }, { lastUpdateTime: updateTime });
    return { outcome, reads, verified: true, movedMeanwhile: false };
  } catch (error) {
    if (!isMovedOn(error)) throw error;
    return { outcome, reads, verified: false, movedMeanwhile: true };
  }
}

/** The night as it goes: its summary, and what was already counted (a customer may be checked twice). */
interface Night {
  summary: ChangedRunSummary;
  seen: Set<string>;
  /** Customers checked, changed or sampled, and those with a finding or drifted figures. */
  checked: Set<string>;
  flagged: Set<string>;
}

/** Adds a checked customer to the night. */
function tally(night: Night, checked: Checked): void {
  const { summary } = night;
  countOutcome(summary, checked.outcome, night.seen);
  night.checked.add(checked.outcome.userId);
  if (checked.outcome.findings.length > 0) night.flagged.add(checked.outcome.userId);
  summary.reads += checked.reads;
  if (checked.verified) summary.verified += 1;
  if (checked.movedMeanwhile) summary.movedMeanwhile += 1;
}

const headsIn = (snapshot: { docs: QueryDocumentSnapshot[] }): ReadHead[] =>
  snapshot.docs.flatMap((d) => {
    const head = readCheckedHead(d.id, d.data());
    return head ? [{ head, updateTime: d.updateTime }] : [];
  });

/** Every head marked to check, a page at a time (a head cleared meanwhile is simply not met again). */
async function checkChanged(deps: ChangedCheckDeps, night: Night): Promise<void> {
  const { summary } = night;
  const parallel = deps.parallel ?? 8;
  let after: string | null = null;
  for (;;) {
    let query: Query = deps.db.collection(JOURNAL_HEADS).where('toCheck', '==', true).orderBy(FieldPath.documentId()).limit(HEADS_PAGE);
    if (after !== null) query = query.startAfter(after);
    const page = await query.get();
    summary.reads += billed(page.size);
    const heads = headsIn(page);
    summary.changed += heads.length;
    for (const checked of await inTurns(heads, parallel, (head) => checkOne(deps, head, false))) tally(night, checked);
    if (page.size < HEADS_PAGE) return;
    after = page.docs.at(-1)!.id;
  }
}

/**
 * The rolling sample: the next 30th of the customers by document id after the cursor, through the full
 * run's merge (their figures against their records) and their journals from genesis. At the last
 * customer the cursor goes back to the first, so 30 nights cover every customer.
 */
async function checkSample(deps: ChangedCheckDeps, night: Night, customers: number) {
  const { db } = deps;
  const { summary } = night;
  const readBefore = summary.reads;
  const cursorRef = db.doc(ROLLING_CURSOR_PATH);
  const cursorDoc = await cursorRef.get();
  summary.reads += 1;
  const stored = cursorDoc.get('after') as unknown;
  const after = typeof stored === 'string' ? stored : null;
  const size = sampleSize(customers, deps.nights);
  if (size === 0) return { totals: emptyTotals(), drifted: [] };
  const sizes = deps.sizes ?? SAMPLE_SIZES;
  const merge = await ReconciliationMerge.open(adminReconciliationStore(db, deps.now), {
    after,
    sizes: { ...sizes, customersRead: Math.min(size + 1, sizes.customersRead ?? sizes.customers) }
  });
  const page = await merge.page(size);
  const mergeReads = merge.takeReads();
  summary.reads += mergeReads;
  summary.sampled = page.checked.length;
  for (const customer of page.checked) night.checked.add(customer.id);
  for (const customer of page.drifted) night.flagged.add(customer.userId);
  const last = page.checked.at(-1)?.id ?? null;
  // The heads of the sampled customers: one query over the same id range.
  let heads: Query = db.collection(JOURNAL_HEADS).orderBy(FieldPath.documentId());
  if (after !== null) heads = heads.where(FieldPath.documentId(), '>', after);
  if (!page.last && last !== null) heads = heads.where(FieldPath.documentId(), '<=', last);
  const found = await heads.get();
  summary.reads += billed(found.size);
  for (const checked of await inTurns(headsIn(found), deps.parallel ?? 8, (head) => checkOne(deps, head, true))) tally(night, checked);
  summary.rollingCursor = page.last ? null : last;
  await cursorRef.set({ after: summary.rollingCursor, at: FieldValue.serverTimestamp() });
  summary.sampleReads = summary.reads - readBefore;
  return { totals: page.totals, drifted: page.drifted };
}

/** One sum over the heads against one sum over the customers' balances. */
async function checkPlatformTotal(db: Firestore, summary: ChangedRunSummary, customers: number): Promise<void> {
  const [heads, users] = await Promise.all([
    db
      .collection(JOURNAL_HEADS)
      .aggregate({ cents: AggregateField.sum('balanceCents'), n: AggregateField.count() })
      .get(),
    db
      .collection('users')
      .aggregate({ dollars: AggregateField.sum('balance') })
      .get()
  ]);
  summary.reads += aggregationReads(heads.data().n) + aggregationReads(customers);
  summary.platformTotal = platformTotalOf(heads.data().cents ?? 0, users.data().dollars ?? 0);
}

/** What a run answers: its id, whether this call started it, and (when it did) what it found. */
export interface ChangedCheckAnswer {
  runId: string;
  started: boolean;
  summary: ChangedRunSummary | null;
}

/**
 * Runs the changed-customers check as a reconciliation run (reconciliationRuns/{id}, kind 'changed'),
 * started with its audit entry at auditLog/{operationId} (a repeat answers the run it started), refused
 * while another run is going. It runs to its end in this call: its reads grow with what changed.
 */
export async function runChangedCheck(deps: ChangedCheckDeps, actor: CheckActor, operationId: string): Promise<ChangedCheckAnswer> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const runId = randomUUID();
  const pass = randomUUID();
  const path = `reconciliationRuns/${runId}`;
  const entry = db.collection('auditLog').doc(operationId);
  const at = Timestamp.fromMillis(now.getTime());
  const start = await db.runTransaction(async (tx) => {
    const previous = await tx.get(entry);
    if (previous.exists) return { runId: String((previous.get('answer') as { runId?: unknown } | null)?.runId ?? ''), started: false };
    const going = await tx.get(db.collection('reconciliationRuns').where('state', '==', 'running').limit(10));
    const ended = going.docs.map((run) => ({ path: run.ref.path, error: deps.silent?.(storedRunOf(run.id, run.data()), now) ?? null }));
    if (ended.some((run) => run.error === null)) throw Object.assign(new Error(CHECK_GOING), { conflict: true });
    // The audit chain's head is the last read: every audited write contends on it.
    const chain = await readAuditChain(tx, db);
    for (const run of ended) tx.update(db.doc(run.path), { state: 'failed', error: run.error, lastAuditId: operationId });
    tx.create(db.doc(path), {
      state: 'running',
      kind: 'changed',
      by: 'server',
      startedAt: at,
      startedBy: actor.email,
      heartbeatAt: at,
      finishedAt: null,
      stoppedAt: null,
      error: null,
      cursor: null,
      progress: { total: 0, pass },
      totals: emptyTotals(),
      lastAuditId: operationId
    });
    const draft = {
      kind: 'reconciliation' as const,
      action: 'reconciliation.start',
      entityPath: path,
      summary: 'Reconciliation of the customers changed since the last night (and the rolling sample) started',
      // The start tells of the silent runs it ended too.
      before: Object.fromEntries(ended.map((run) => [`${run.path}.state`, 'running'])),
      after: { [`${path}.state`]: 'running', ...Object.fromEntries(ended.map((run) => [`${run.path}.state`, `failed: ${run.error}`])) },
      notes: [],
      reason: null
    };
    const paths = [path, ...ended.map((run) => run.path)];
    chain.append(entry, auditEntryOf(draft, actor, { id: operationId, fingerprint: 'reconciliation.start:changed' }, { runId }, paths));
    return { runId, started: true };
  });
  if (!start.started) return { ...start, summary: null };

  const store = adminReconciliationStore(db, deps.now);
  try {
    const night: Night = { summary: emptySummary(), seen: new Set(), checked: new Set(), flagged: new Set() };
    const { summary } = night;
    const customers = (await db.collection('users').count().get()).data().count;
    summary.reads += aggregationReads(customers);
    await checkChanged(deps, night);
    const sample = await checkSample(deps, night, customers);
    await checkPlatformTotal(db, summary, customers);
    // The sample's records as its merge counted them; each customer once, changed or sampled or both;
    // drifted: a finding, or a figure the merge found off.
    const totals = { ...sample.totals, customers: night.checked.size, drifted: night.flagged.size, reads: summary.reads };
    await db.doc(path).update({ changed: summary, 'progress.total': summary.changed + summary.sampled });
    await store.save(runId, pass, { state: 'finished', finished: true, totals }, sample.drifted, actor);
    deps.log(
      `reconciliation run ${runId} (changed customers): ${summary.changed} changed, ${summary.sampled} sampled, ${summary.withFindings} with findings, ${summary.reads} documents read`
    );
    return { runId, started: true, summary };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await store
      .update(runId, (run) => (run.state === 'running' ? { state: 'failed', error: reason } : null))
      .catch((failed: unknown) => deps.log(`reconciliation run ${runId}: could not be marked failed: ${String(failed)}`));
    throw error;
  }
}

/** Whether any customer has a head: without one the changed-customers check has nothing to start from. */
export async function anyJournalHead(db: Firestore): Promise<boolean> {
  return !(await db.collection(JOURNAL_HEADS).limit(1).get()).empty;
}
