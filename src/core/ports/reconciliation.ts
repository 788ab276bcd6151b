import type { Page, Administrator } from '../../shared/contract';
import type { DriftedCustomer, RunState, RunTotals } from '../../shared/domain/reconciliation';
import type { StoredRun } from '../../shared/domain/reconciliationStored';
import type { RunAdjustment, RunRecord } from '../../shared/domain/reconciliationMerge';
import type { PageAt } from './paging';

export type { StoredRun };

/**
 * What reconciliation reads and keeps (src/main/firebase/reconciliation.ts): the streams the
 * platform-wide run merges (customers, successful deposits, approved withdrawals and summable audit
 * entries, each in customer-id order, a page at a time), also narrowed to one customer's spellings
 * for users.reconcile, and the run's progress and drifted customers in Firestore, so a run resumes
 * after a restart and only the pass that holds it saves it.
 */

/** Where a stream goes on: after every record of a customer (a resumed run), or after a record read (the store's own mark of it). */
export type StreamAfter = { userId: string } | { record: StreamMark } | null;

/** The store's mark of a record's place in its stream (on Firestore, its document: its id and its stored userId, whatever its type). */
export interface StreamMark {
  readonly mark: unknown;
}

/**
 * The records a stream reads, by stored userId: all of them (null), or the text in [from, below),
 * as for one customer's spellings or the userIds that start with a space.
 */
export type StreamScope = { from: string; below: string } | null;

export interface StreamPage<T> {
  items: T[];
  /** After the last item, where the next page starts (null for an empty page). */
  last: StreamMark | null;
  /** Documents read, as Firestore bills them (an empty page costs one). */
  reads: number;
}

/** A customer as the run reads it. */
export interface RunCustomer {
  id: string;
  data: Record<string, unknown>;
}

/** What a run saves as it goes, with the drifted customers of the page it just finished, in one write. */
export interface RunProgress {
  state?: RunState;
  cursor?: string | null;
  totals?: RunTotals;
  error?: string | null;
  /** The pass that holds the run from now on. */
  pass?: string | null;
  /** Sets finishedAt or stoppedAt to the server's time. */
  finished?: boolean;
  stopped?: boolean;
}

export interface ReconciliationStore {
  /** users/{id}, or null. */
  customer(userId: string): Promise<RunCustomer | null>;
  countCustomers(): Promise<number>;
  customers(after: string | null, size: number): Promise<StreamPage<RunCustomer>>;
  /** Successful deposits or approved withdrawals, ordered by userId. */
  records(collection: 'deposits' | 'withdrawals', scope: StreamScope, after: StreamAfter, size: number): Promise<StreamPage<RunRecord>>;
  /** Audit entries that moved a customer's figure, ordered by movedUserId. */
  adjustments(scope: StreamScope, after: StreamAfter, size: number): Promise<StreamPage<RunAdjustment>>;
  /**
   * Saves a page's progress and drifted customers in one transaction, only while the run is
   * running under `pass`; false when it is not (stopped elsewhere, or resumed by another pass),
   * and nothing is written. The drifted customers' rows come with their own audit entry, signed by `actor`.
   */
  save(runId: string, pass: string, progress: RunProgress, drifted: DriftedCustomer[], actor: Administrator): Promise<boolean>;
  /**
   * Reads the run and, in the same transaction, writes what `decide` makes of it (null: nothing).
   * Answers the run as read, or null when it does not exist.
   */
  update(runId: string, decide: (run: StoredRun) => RunProgress | null): Promise<StoredRun | null>;
  run(runId: string): Promise<StoredRun | null>;
  runs(at: PageAt): Promise<Page<StoredRun>>;
  /** A run stored as running (at most one should be), or null. */
  running(): Promise<StoredRun | null>;
  /** The newest finished run, for the dashboard. */
  lastFinished(): Promise<StoredRun | null>;
  drifted(runId: string, at: PageAt): Promise<Page<DriftedCustomer>>;
}
