import type { Page } from '../../../shared/contract';
import type { DriftedCustomer, FigureSums, ReconciledFigure, RunAdjustment, RunRecord, RunState, RunTotals } from '../../../shared/domain/reconciliation';
import type { DocSnapshot } from '../../../shared/domain/changeset';
import type { PageAt } from './paging';

/**
 * What reconciliation reads and keeps (src/main/firebase/reconciliation.ts): one customer's sums
 * by aggregation, the streams the platform-wide run merges (customers, successful deposits,
 * approved withdrawals and summable audit entries, each in customer-id order, a page at a time),
 * and the run's progress and drifted customers in Firestore, so a run resumes after a restart.
 */

/** One customer's figures and what their records and adjustments add up to. */
export interface CustomerSums {
  user: DocSnapshot | null;
  sums: Record<ReconciledFigure, FigureSums>;
  /** Aggregation queries run. */
  queries: number;
}

/** A page of one stream, after a position: the last customer id done (a resumed run), or the last record read. */
export type StreamAfter = { userId: string; id?: string } | null;

export interface StreamPage<T> {
  items: (T & { id: string })[];
  /** Documents read, as Firestore bills them (an empty page costs one). */
  reads: number;
}

/** A run as stored. */
export interface StoredRun {
  id: string;
  state: RunState;
  startedAt: string | null;
  finishedAt: string | null;
  stoppedAt: string | null;
  heartbeatAt: string | null;
  /** The last customer id whose figures are counted; null before the first page. */
  cursor: string | null;
  total: number;
  totals: RunTotals;
  startedBy: string | null;
  error: string | null;
}

/** What a run saves as it goes, with the drifted customers of the page it just finished, in one write. */
export interface RunProgress {
  state?: RunState;
  cursor?: string | null;
  totals?: RunTotals;
  error?: string | null;
  /** Sets finishedAt or stoppedAt to the server's time. */
  finished?: boolean;
  stopped?: boolean;
}

export interface ReconciliationStore {
  /** users/{id} and, by aggregation only (at most 10 queries), its figures' sums. */
  customerSums(userId: string): Promise<CustomerSums>;
  countCustomers(): Promise<number>;
  customers(after: string | null, size: number): Promise<StreamPage<{ data: Record<string, unknown> }>>;
  records(collection: 'deposits' | 'withdrawals', status: string, after: StreamAfter, size: number): Promise<StreamPage<RunRecord>>;
  adjustments(after: StreamAfter, size: number): Promise<StreamPage<RunAdjustment>>;
  save(runId: string, progress: RunProgress, drifted: DriftedCustomer[]): Promise<void>;
  run(runId: string): Promise<StoredRun | null>;
  runs(at: PageAt): Promise<Page<StoredRun>>;
  /** A run stored as running (at most one should be), or null. */
  running(): Promise<StoredRun | null>;
  /** The newest finished run, for the dashboard. */
  lastFinished(): Promise<StoredRun | null>;
  drifted(runId: string, at: PageAt): Promise<Page<DriftedCustomer>>;
}
