// An in-memory reconciliation store: the streams a run merges (customers, deposits, withdrawals and
// adjustments, in customer-id order, a page at a time, billed as Firestore bills them) and one run's
// progress, saved only by the pass that holds it, as the Firestore stores save it.
import type { ReconciliationStore, RunProgress, StreamAfter, StreamPage, StreamScope } from '@core/ports/reconciliation';
import { compareIds, emptyTotals, type DriftedCustomer, type RunState, type RunTotals } from '@shared/domain/reconciliation';
import type { RunAdjustment, RunRecord } from '@shared/domain/reconciliationMerge';

type Placed = RunRecord | RunAdjustment;

export interface FakeRun {
  state: RunState;
  pass: string | null;
  cursor: string | null;
  totals: RunTotals;
  finished: boolean;
  stopped: boolean;
}

export interface FakeReconciliationStore extends Pick<ReconciliationStore, 'customers' | 'records' | 'adjustments' | 'save'> {
  run: FakeRun;
  /** Every drifted customer kept, by the save that kept them. */
  drifted: DriftedCustomer[];
  /** The saves that wrote (a refused one writes nothing and is not here). */
  saves: RunProgress[];
  /** Documents read so far, as billed. */
  reads: number;
  /** Called before each stream read: a test asks Stop, or takes the run over, at a given read. */
  beforeRead?: (what: string) => void;
}

const billed = (n: number) => Math.max(1, n);
const byPlace = (a: Placed, b: Placed) => compareIds(a.userId ?? '', b.userId ?? '') || compareIds(a.path, b.path);

/** `customers`: id -> the users document's fields (figures in dollars); records with their cents; one run running under `pass`. */
export function fakeReconciliationStore(data: {
  customers: Record<string, Record<string, unknown>>;
  deposits?: { userId: string; cents: number }[];
  withdrawals?: { userId: string; cents: number }[];
  pass: string;
}): FakeReconciliationStore {
  const ids = Object.keys(data.customers).sort(compareIds);
  const recordsOf = (name: string, list: { userId: string; cents: number }[] = []): RunRecord[] =>
    list.map((r, i) => ({ path: `${name}/${name}-${String(i).padStart(4, '0')}`, userId: r.userId, beforeText: false, cents: r.cents })).sort(byPlace);
  const streams: Record<'deposits' | 'withdrawals' | 'adjustments', Placed[]> = {
    deposits: recordsOf('deposits', data.deposits),
    withdrawals: recordsOf('withdrawals', data.withdrawals),
    adjustments: []
  };

  const read = <T extends Placed>(name: keyof typeof streams, scope: StreamScope, after: StreamAfter, size: number): StreamPage<T> => {
    store.beforeRead?.(name);
    const items = (streams[name] as T[])
      .filter((r) => !scope || (compareIds(r.userId ?? '', scope.from) >= 0 && compareIds(r.userId ?? '', scope.below) < 0))
      .filter((r) => (after === null ? true : 'userId' in after ? compareIds(r.userId ?? '', after.userId) > 0 : byPlace(r, after.record.mark as Placed) > 0))
      .slice(0, size);
    store.reads += billed(items.length);
    return { items, last: items.length ? { mark: items.at(-1) } : null, reads: billed(items.length) };
  };

  const store: FakeReconciliationStore = {
    run: { state: 'running', pass: data.pass, cursor: null, totals: emptyTotals(), finished: false, stopped: false },
    drifted: [],
    saves: [],
    reads: 0,
    customers: async (after, size) => {
      store.beforeRead?.('customers');
      const items = ids.filter((id) => after === null || compareIds(id, after) > 0).slice(0, size);
      store.reads += billed(items.length);
      return { items: items.map((id) => ({ id, data: data.customers[id]! })), last: null, reads: billed(items.length) };
    },
    records: async (name, scope, after, size) => read<RunRecord>(name, scope, after, size),
    adjustments: async (scope, after, size) => read<RunAdjustment>('adjustments', scope, after, size),
    save: async (_runId, pass, progress, drifted) => {
      if (store.run.state !== 'running' || store.run.pass !== pass) return false;
      const { state, cursor, totals, finished, stopped } = progress;
      Object.assign(store.run, {
        ...(state ? { state } : {}),
        ...(cursor !== undefined ? { cursor } : {}),
        ...(totals ? { totals: structuredClone(totals) } : {}),
        ...(finished ? { finished } : {}),
        ...(stopped ? { stopped } : {})
      });
      store.drifted.push(...drifted);
      store.saves.push(structuredClone(progress));
      return true;
    }
  };
  return store;
}
