import {
  collection,
  count,
  doc,
  documentId,
  getAggregateFromServer,
  getDocFromServer,
  getDocsFromServer,
  limit,
  orderBy,
  query,
  startAfter,
  sum,
  Timestamp,
  where,
  writeBatch,
  type AggregateSpec,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryConstraint
} from 'firebase/firestore';
import type { Page } from '../../shared/contract';
import { toCents } from '../../shared/domain/money';
import {
  emptyTotals,
  recordCents,
  reconciledFigures,
  type DriftedCustomer,
  type FigureSums,
  type ReconciledFigure,
  type RunTotals
} from '../../shared/domain/reconciliation';

type Adjusted = Pick<FigureSums, 'adjustments' | 'adjustmentCount'>;
import { lists } from '../../shared/queries/lists';
import type { ReconciliationStore, StoredRun, StreamAfter } from '../app/ports/reconciliation';
import { countOf } from './counting';
import { decodeCursor, encodeCursor } from './cursor';
import { finiteRange } from './dashboardRepository';
import { mapFirebaseErrors } from './errors';
import { readList } from './listQuery';
import { isoOf, textOf } from './values';

const RUNS = 'reconciliationRuns';
const RUNS_PAGE = 10;
const DRIFTED_PAGE = 25;

const billed = (documents: number) => Math.max(1, documents);

const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The stored totals, each count read on its own (a run written by an older version may lack some). */
function totalsOf(value: unknown): RunTotals {
  const stored = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const totals = emptyTotals();
  for (const key of Object.keys(totals) as (keyof RunTotals)[]) {
    if (key !== 'drift') (totals[key] as number) = numberOr0(stored[key]);
  }
  const drift = (stored.drift && typeof stored.drift === 'object' ? stored.drift : {}) as Record<string, unknown>;
  for (const figure of reconciledFigures) totals.drift[figure] = numberOr0(drift[figure]);
  return totals;
}

export const toStoredRun = (id: string, d: DocumentData): StoredRun => ({
  id,
  state: d.state === 'finished' || d.state === 'stopped' || d.state === 'failed' ? d.state : 'running',
  startedAt: isoOf(d.startedAt),
  finishedAt: isoOf(d.finishedAt),
  stoppedAt: isoOf(d.stoppedAt),
  heartbeatAt: isoOf(d.heartbeatAt),
  cursor: textOf(d.cursor),
  total: numberOr0((d.progress as DocumentData | undefined)?.total),
  totals: totalsOf(d.totals),
  startedBy: textOf(d.startedBy),
  error: textOf(d.error)
});

const toDrifted = (id: string, d: DocumentData): DriftedCustomer => ({
  userId: id,
  fullname: textOf(d.fullname),
  email: textOf(d.email),
  figures: Array.isArray(d.figures) ? (d.figures as DriftedCustomer['figures']) : []
});

/** A stream's next page: after the last record read, or after every record of the last customer done (a resumed run). */
const after = (position: StreamAfter): QueryConstraint[] =>
  position === null ? [] : position.id !== undefined ? [startAfter(position.userId, position.id)] : [startAfter(position.userId)];

/**
 * Reconciliation on Firestore. One customer's sums are aggregation queries only (5 of them); the
 * run's streams are cursor pages in customer-id order, each reading its documents and nothing
 * more; the run's progress and its drifted customers go in one batch per page of customers.
 */
export function firestoreReconciliation(db: Firestore): ReconciliationStore {
  const runs = collection(db, RUNS);

  return {
    customerSums: (userId) =>
      mapFirebaseErrors(async () => {
        // Every aggregation goes through here, so the answer says how many ran (at most 10, whatever the records).
        let queries = 0;
        const aggregate = <T extends AggregateSpec>(q: Query, spec: T) => {
          queries += 1;
          return getAggregateFromServer(q, spec);
        };
        const settled = async (name: 'deposits' | 'withdrawals', status: string): Promise<FigureSums> => {
          const theirs = query(collection(db, name), where('userId', '==', userId), where('status', '==', status));
          // sum() skips text amounts and one NaN or infinite amount would poison it: the finite ones are summed, the rest counted apart.
          const [finite, all] = await Promise.all([
            aggregate(query(theirs, ...finiteRange('amount')), { total: sum('amount'), n: count() }),
            aggregate(theirs, { n: count() })
          ]);
          const summed = finite.data();
          return {
            records: toCents(summed.total ?? 0),
            recordCount: summed.n,
            unsummable: Math.max(0, all.data().n - summed.n),
            adjustments: 0,
            adjustmentCount: 0
          };
        };
        // One query per figure: an aggregation with several sums counts only documents holding every summed field.
        const moves = async (figure: ReconciledFigure) => {
          const moved = await aggregate(query(collection(db, 'auditLog'), where('movedUserId', '==', userId), orderBy(`moved.${figure}`)), {
            total: sum(`moved.${figure}`),
            n: count()
          });
          const { total, n } = moved.data();
          return { adjustments: typeof total === 'number' && Number.isFinite(total) ? Math.round(total) : 0, adjustmentCount: n };
        };
        const [user, deposits, withdrawals, ...moved] = await Promise.all([
          getDocFromServer(doc(db, 'users', userId)),
          settled('deposits', 'success'),
          settled('withdrawals', 'approved'),
          ...reconciledFigures.map(moves)
        ]);
        const [Totaldeposit, Totalwithdrawal, Totalwithdrawals] = moved as [Adjusted, Adjusted, Adjusted];
        return {
          user: user.exists() ? { id: user.id, data: user.data() } : null,
          sums: {
            Totaldeposit: { ...deposits, ...Totaldeposit },
            Totalwithdrawal: { ...withdrawals, ...Totalwithdrawal },
            Totalwithdrawals: { ...withdrawals, ...Totalwithdrawals }
          },
          queries
        };
      }),

    countCustomers: () => mapFirebaseErrors(() => countOf(collection(db, 'users'))),

    customers: (afterId, size) =>
      mapFirebaseErrors(async () => {
        const page = await getDocsFromServer(query(collection(db, 'users'), orderBy(documentId()), ...(afterId ? [startAfter(afterId)] : []), limit(size)));
        return { items: page.docs.map((d) => ({ id: d.id, data: d.data() })), reads: billed(page.size) };
      }),

    records: (name, status, position, size) =>
      mapFirebaseErrors(async () => {
        const page = await getDocsFromServer(
          query(collection(db, name), where('status', '==', status), orderBy('userId'), orderBy(documentId()), ...after(position), limit(size))
        );
        return {
          items: page.docs.map((d) => {
            const userId = d.get('userId') as unknown;
            return { id: d.id, userId: typeof userId === 'string' ? userId : '', cents: recordCents(d.get('amount')) };
          }),
          reads: billed(page.size)
        };
      }),

    adjustments: (position, size) =>
      mapFirebaseErrors(async () => {
        const page = await getDocsFromServer(query(collection(db, 'auditLog'), orderBy('movedUserId'), orderBy(documentId()), ...after(position), limit(size)));
        return {
          items: page.docs.map((d) => {
            const userId = d.get('movedUserId') as unknown;
            const stored = (d.get('moved') ?? {}) as Record<string, unknown>;
            const moved = Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === 'number' && Number.isFinite(v))) as Record<string, number>;
            return { id: d.id, userId: typeof userId === 'string' ? userId : '', moved };
          }),
          reads: billed(page.size)
        };
      }),

    save: (runId, progress, drifted) =>
      mapFirebaseErrors(async () => {
        const batch = writeBatch(db);
        const { finished, stopped, ...fields } = progress;
        // This process's clock, as the run's start and the interruption check use it; a server
        // timestamp read back from the emulator came out empty, and the dashboard orders by it.
        const now = Timestamp.now();
        batch.update(doc(runs, runId), {
          ...fields,
          heartbeatAt: now,
          ...(finished ? { finishedAt: now } : {}),
          ...(stopped ? { stoppedAt: now } : {})
        });
        for (const customer of drifted) {
          const { userId, ...kept } = customer;
          batch.set(doc(runs, runId, 'drifted', userId), kept);
        }
        await batch.commit();
      }),

    run: (runId) =>
      mapFirebaseErrors(async () => {
        const snapshot = await getDocFromServer(doc(runs, runId));
        return snapshot.exists() ? toStoredRun(snapshot.id, snapshot.data()) : null;
      }),

    runs: (at) => readList(db, { list: lists.reconciliationRuns, request: {}, pageSize: RUNS_PAGE, at, toRow: toStoredRun }),

    running: () =>
      mapFirebaseErrors(async () => {
        const found = await getDocsFromServer(query(runs, where('state', '==', 'running'), limit(1)));
        const first = found.docs[0];
        return first ? toStoredRun(first.id, first.data()) : null;
      }),

    lastFinished: () =>
      mapFirebaseErrors(async () => {
        const found = await getDocsFromServer(query(runs, where('state', '==', 'finished'), orderBy('finishedAt', 'desc'), limit(1)));
        const first = found.docs[0];
        return first ? toStoredRun(first.id, first.data()) : null;
      }),

    drifted: (runId, at) =>
      mapFirebaseErrors(async (): Promise<Page<DriftedCustomer>> => {
        const size = at.pageSize ?? DRIFTED_PAGE;
        const start = at.cursor ? [startAfter(decodeCursor(at.cursor).id)] : [];
        const page = await getDocsFromServer(query(collection(db, RUNS, runId, 'drifted'), orderBy(documentId()), ...start, limit(size + 1)));
        const docs = page.docs.slice(0, size);
        const last = docs.at(-1);
        return {
          rows: docs.map((d) => toDrifted(d.id, d.data())),
          nextCursor: page.size > size && last ? encodeCursor(last.id, last.id) : null,
          total: null,
          unlisted: null
        };
      })
  };
}
