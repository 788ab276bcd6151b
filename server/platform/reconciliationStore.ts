// Reconciliation's store through firebase-admin: the streams the merge reads (the same queries as the
// desktop's, src/main/firebase/reconciliation.ts), and the run's progress, saved only by the pass
// that holds it, with one more rule for a server run: a page is claimed by one task at a time.
import { FieldPath, Timestamp, type DocumentSnapshot, type Firestore, type Query } from 'firebase-admin/firestore';
import type { ReconciliationStore, RunProgress, StreamAfter, StreamScope } from '../../src/core/ports/reconciliation';
import { auditEntryOf } from '../../src/shared/domain/changeset';
import { readAuditChain } from '../auditChain';
import { figureSources, keptDriftedAudit, recordCents } from '../../src/shared/domain/reconciliation';
import { placedOf, progressFields, storedRunOf, type StoredRun } from '../../src/shared/domain/reconciliationStored';

const RUNS = 'reconciliationRuns';
const SETTLED = { deposits: figureSources.Totaldeposit.status, withdrawals: figureSources.Totalwithdrawal.status };
const billed = (documents: number) => Math.max(1, documents);

/** What a claim of a server run's next page answers: taken (with the run as it was), or why not. */
export type PageClaim = { taken: StoredRun } | { not: 'no run' | 'not running' | 'busy' };

export type PlatformReconciliationStore = Pick<
  ReconciliationStore,
  'customers' | 'records' | 'adjustments' | 'countCustomers' | 'save' | 'update' | 'run' | 'running'
> & {
  /**
   * In a transaction: takes the run's next page for the task `wake` under a new pass, unless another
   * task holds it within `leaseMs` (a retry of the same task takes it back: it crashed mid-page).
   */
  claimPage(runId: string, wake: string, pass: string, leaseMs: number, nowMs: number): Promise<PageClaim>;
};

/** `now`: the clock a save's heartbeat is stamped with (the server's by default; tests pass theirs, as claims are). */
export function adminReconciliationStore(db: Firestore, now?: () => Date): PlatformReconciliationStore {
  const runs = db.collection(RUNS);

  const fieldsOf = (progress: RunProgress) => progressFields(progress, now ? Timestamp.fromDate(now()) : Timestamp.now());

  const after = (query: Query, position: StreamAfter): Query =>
    position === null ? query : 'userId' in position ? query.startAfter(position.userId) : query.startAfter(position.record.mark as DocumentSnapshot);
  const within = (query: Query, field: string, scope: StreamScope): Query =>
    scope ? query.where(field, '>=', scope.from).where(field, '<', scope.below) : query;
  const pageOf = async <T>(query: Query, item: (d: DocumentSnapshot) => T) => {
    const page = await query.get();
    const last = page.docs.at(-1);
    return { items: page.docs.map(item), last: last ? { mark: last } : null, reads: billed(page.size) };
  };

  return {
    countCustomers: async () => (await db.collection('users').count().get()).data().count,

    customers: async (afterId, size) => {
      let query = db.collection('users').orderBy(FieldPath.documentId()).limit(size);
      if (afterId) query = query.startAfter(afterId);
      return pageOf(query, (d) => ({ id: d.id, data: d.data() ?? {} }));
    },

    records: (name, scope, position, size) =>
      pageOf(
        after(
          within(db.collection(name).where('status', '==', SETTLED[name]), 'userId', scope)
            .orderBy('userId')
            .orderBy(FieldPath.documentId()),
          position
        ).limit(size),
        (d) => ({ ...placedOf(d.ref.path, d.get('userId')), cents: recordCents(d.get('amount')) })
      ),

    adjustments: (scope, position, size) =>
      pageOf(
        after(within(db.collection('auditLog'), 'movedUserId', scope).orderBy('movedUserId').orderBy(FieldPath.documentId()), position).limit(size),
        (d) => {
          const stored = (d.get('moved') ?? {}) as Record<string, unknown>;
          const moved = Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === 'number' && Number.isFinite(v))) as Record<string, number>;
          return { ...placedOf(d.ref.path, d.get('movedUserId')), moved };
        }
      ),

    save: (runId, pass, progress, drifted, actor) =>
      db.runTransaction(async (tx) => {
        const snapshot = await tx.get(runs.doc(runId));
        const run = snapshot.exists ? storedRunOf(runId, snapshot.data() ?? {}) : null;
        if (!run || run.state !== 'running' || run.pass !== pass) return false;
        // Read before any write, and only when the page found drift: a clean page does not contend on the audit chain.
        const chain = drifted.length > 0 ? await readAuditChain(tx, db) : null;
        // The page is done: the next task may take the next one.
        tx.update(runs.doc(runId), { ...fieldsOf(progress), 'progress.claimedBy': null });
        if (chain) {
          const entry = db.collection('auditLog').doc();
          const { draft, paths } = keptDriftedAudit(
            runId,
            drifted.map((customer) => customer.userId)
          );
          for (const { userId, ...kept } of drifted) tx.set(runs.doc(runId).collection('drifted').doc(userId), { ...kept, lastAuditId: entry.id });
          chain.append(entry, auditEntryOf(draft, actor, { id: entry.id, fingerprint: '' }, null, paths));
        }
        return true;
      }),

    update: (runId, decide) =>
      db.runTransaction(async (tx) => {
        const snapshot = await tx.get(runs.doc(runId));
        const run = snapshot.exists ? storedRunOf(runId, snapshot.data() ?? {}) : null;
        const progress = run ? decide(run) : null;
        if (progress) tx.update(runs.doc(runId), fieldsOf(progress));
        return run;
      }),

    run: async (runId) => {
      const snapshot = await runs.doc(runId).get();
      return snapshot.exists ? storedRunOf(runId, snapshot.data() ?? {}) : null;
    },

    running: async () => {
      const found = await runs.where('state', '==', 'running').limit(1).get();
      const first = found.docs[0];
      return first ? storedRunOf(first.id, first.data()) : null;
    },

    claimPage: (runId, wake, pass, leaseMs, nowMs) =>
      db.runTransaction(async (tx): Promise<PageClaim> => {
        const snapshot = await tx.get(runs.doc(runId));
        if (!snapshot.exists) return { not: 'no run' };
        const run = storedRunOf(runId, snapshot.data() ?? {});
        if (run.state !== 'running') return { not: 'not running' };
        const holder = snapshot.get('progress.claimedBy') as unknown;
        const heartbeat = run.heartbeatAt ? Date.parse(run.heartbeatAt) : 0;
        if (typeof holder === 'string' && holder !== wake && nowMs - heartbeat < leaseMs) return { not: 'busy' };
        tx.update(runs.doc(runId), { 'progress.pass': pass, 'progress.claimedBy': wake, heartbeatAt: Timestamp.fromMillis(nowMs) });
        return { taken: run };
      })
  };
}
