import {
  collection,
  doc,
  documentId,
  limit,
  orderBy,
  query,
  runTransaction,
  startAfter,
  Timestamp,
  where,
  type DocumentSnapshot,
  type Firestore,
  type QueryConstraint,
  type Transaction
} from 'firebase/firestore';
import { readDoc, readDocs } from './reads';
import type { Page } from '../../shared/contract';
import { figureSources, keptDriftedAudit, recordCents, type DriftedCustomer } from '../../shared/domain/reconciliation';
import { driftedOf, placedOf, progressFields, storedRunOf } from '../../shared/domain/reconciliationStored';
import { lists } from '../../shared/queries/lists';
import type { ReconciliationStore, RunProgress, StoredRun, StreamAfter, StreamScope } from '../../core/ports/reconciliation';
import { countOf } from './counting';
import { decodeCursor, encodeCursor } from './cursor';
import { mapFirebaseErrors } from './errors';
import { readList } from './listQuery';
import { readAuditChain, retryingStaleHead } from './auditChain';
import { auditRecord, LAST_AUDIT_ID } from './records';

const RUNS = 'reconciliationRuns';
const RUNS_PAGE = 10;
const DRIFTED_PAGE = 25;

/** The records a figure sums: successful deposits, approved withdrawals. */
const SETTLED = { deposits: figureSources.Totaldeposit.status, withdrawals: figureSources.Totalwithdrawal.status };

const billed = (documents: number) => Math.max(1, documents);

/** A stream's next page: after the last record read (its document: its id and its stored userId, whatever its type), or after every record of the last customer done (a resumed run). */
const after = (position: StreamAfter): QueryConstraint[] =>
  position === null ? [] : 'userId' in position ? [startAfter(position.userId)] : [startAfter(position.record.mark as DocumentSnapshot)];

const within = (field: string, scope: StreamScope): QueryConstraint[] => (scope ? [where(field, '>=', scope.from), where(field, '<', scope.below)] : []);

/**
 * Reconciliation on Firestore. The run's streams are cursor pages ordered by userId (movedUserId)
 * and document id, each reading its documents and nothing more; the run's progress and its drifted
 * customers (with their audit entry) go in one transaction per page, which first checks that the
 * saving pass still holds the run.
 */
export function firestoreReconciliation(db: Firestore): ReconciliationStore {
  const runs = collection(db, RUNS);

  /** The run document's fields for a progress, heartbeat and end times by this process's clock, as the start and the interruption check use it. */
  const fieldsOf = (progress: RunProgress) => progressFields(progress, Timestamp.now());

  const read = async (tx: Transaction, runId: string): Promise<StoredRun | null> => {
    const snapshot = await tx.get(doc(runs, runId));
    return snapshot.exists() ? storedRunOf(snapshot.id, snapshot.data()) : null;
  };

  return {
    customer: (userId) =>
      mapFirebaseErrors(async () => {
        const found = await readDoc(doc(db, 'users', userId));
        return found.exists() ? { id: found.id, data: found.data() } : null;
      }),

    countCustomers: () => mapFirebaseErrors(() => countOf(collection(db, 'users'))),

    customers: (afterId, size) =>
      mapFirebaseErrors(async () => {
        const page = await readDocs(query(collection(db, 'users'), orderBy(documentId()), ...(afterId ? [startAfter(afterId)] : []), limit(size)));
        const last = page.docs.at(-1);
        return { items: page.docs.map((d) => ({ id: d.id, data: d.data() })), last: last ? { mark: last } : null, reads: billed(page.size) };
      }),

    records: (name, scope, position, size) =>
      mapFirebaseErrors(async () => {
        const page = await readDocs(
          query(
            collection(db, name),
            where('status', '==', SETTLED[name]),
            ...within('userId', scope),
            orderBy('userId'),
            orderBy(documentId()),
            ...after(position),
            limit(size)
          )
        );
        const last = page.docs.at(-1);
        return {
          items: page.docs.map((d) => ({ ...placedOf(d.ref.path, d.get('userId')), cents: recordCents(d.get('amount')) })),
          last: last ? { mark: last } : null,
          reads: billed(page.size)
        };
      }),

    adjustments: (scope, position, size) =>
      mapFirebaseErrors(async () => {
        const page = await readDocs(
          query(collection(db, 'auditLog'), ...within('movedUserId', scope), orderBy('movedUserId'), orderBy(documentId()), ...after(position), limit(size))
        );
        const last = page.docs.at(-1);
        return {
          items: page.docs.map((d) => {
            const stored = (d.get('moved') ?? {}) as Record<string, unknown>;
            const moved = Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === 'number' && Number.isFinite(v))) as Record<string, number>;
            return { ...placedOf(d.ref.path, d.get('movedUserId')), moved };
          }),
          last: last ? { mark: last } : null,
          reads: billed(page.size)
        };
      }),

    save: (runId, pass, progress, drifted, actor) =>
      mapFirebaseErrors(() =>
        retryingStaleHead(db, (seen) =>
          runTransaction(db, async (tx) => {
            const run = await read(tx, runId);
            // Stopped elsewhere, or resumed by another pass: this pass has lost the run and writes nothing.
            if (!run || run.state !== 'running' || run.pass !== pass) return false;
            // Read before any write, and only when the page found drift: a clean page does not contend on the audit chain.
            const chain = drifted.length > 0 ? await readAuditChain(tx, db, { seen }) : null;
            tx.update(doc(runs, runId), fieldsOf(progress));
            if (chain) {
              const entry = doc(collection(db, 'auditLog'));
              const { draft, paths } = keptDriftedAudit(
                runId,
                drifted.map((customer) => customer.userId)
              );
              for (const { userId, ...kept } of drifted) tx.set(doc(runs, runId, 'drifted', userId), { ...kept, [LAST_AUDIT_ID]: entry.id });
              // Written by the run, not asked for by a request: there is nothing to replay, so no fingerprint.
              chain.append(entry, auditRecord(draft, actor, { id: entry.id, fingerprint: '' }, null, paths));
            }
            return true;
          })
        )
      ),

    update: (runId, decide) =>
      mapFirebaseErrors(() =>
        runTransaction(db, async (tx) => {
          const run = await read(tx, runId);
          const progress = run ? decide(run) : null;
          if (progress) tx.update(doc(runs, runId), fieldsOf(progress));
          return run;
        })
      ),

    run: (runId) =>
      mapFirebaseErrors(async () => {
        const snapshot = await readDoc(doc(runs, runId));
        return snapshot.exists() ? storedRunOf(snapshot.id, snapshot.data()) : null;
      }),

    runs: (at) => readList(db, { list: lists.reconciliationRuns, request: {}, pageSize: RUNS_PAGE, at, toRow: storedRunOf }),

    running: () =>
      mapFirebaseErrors(async () => {
        const found = await readDocs(query(runs, where('state', '==', 'running'), limit(1)));
        const first = found.docs[0];
        return first ? storedRunOf(first.id, first.data()) : null;
      }),

    lastFinished: () =>
      mapFirebaseErrors(async () => {
        const found = await readDocs(query(runs, where('state', '==', 'finished'), orderBy('finishedAt', 'desc'), limit(1)));
        const first = found.docs[0];
        return first ? storedRunOf(first.id, first.data()) : null;
      }),

    drifted: (runId, at) =>
      mapFirebaseErrors(async (): Promise<Page<DriftedCustomer>> => {
        const size = at.pageSize ?? DRIFTED_PAGE;
        const start = at.cursor ? [startAfter(decodeCursor(at.cursor).id)] : [];
        const page = await readDocs(query(collection(db, RUNS, runId, 'drifted'), orderBy(documentId()), ...start, limit(size + 1)));
        const docs = page.docs.slice(0, size);
        const last = docs.at(-1);
        return {
          rows: docs.map((d) => driftedOf(d.id, d.data())),
          nextCursor: page.size > size && last ? encodeCursor(last.id, last.id) : null,
          total: null,
          unlisted: null
        };
      })
  };
}
