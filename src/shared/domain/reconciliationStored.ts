import { millisOf } from './dates';
import { emptyTotals, reconciledFigures, RUN_STATES, type DriftedCustomer, type RunState, type RunTotals } from './reconciliation';
import type { Placed } from './reconciliationMerge';

/**
 * A reconciliation run as Firestore keeps it (reconciliationRuns/{id}), read the same way by the
 * desktop's store (the Firestore client) and the platform's (firebase-admin): stored times are read
 * by what they are (a Timestamp of either SDK, a Date), never by their class.
 */

/** Who runs the run's pages: this desktop's main process, or Ledgerdesk's functions (one page per task). */
export const RUNNERS = ['desktop', 'server'] as const;
export type Runner = (typeof RUNNERS)[number];

/** A run as stored. */
export interface StoredRun {
  id: string;
  state: RunState;
  by: Runner;
  startedAt: string | null;
  finishedAt: string | null;
  stoppedAt: string | null;
  heartbeatAt: string | null;
  /** The last customer id whose figures are counted; null before the first page. */
  cursor: string | null;
  /** The pass that may save the run's progress (see startReconciliation). */
  pass: string | null;
  total: number;
  totals: RunTotals;
  startedBy: string | null;
  error: string | null;
}

/**
 * The run document's fields for a progress save: what it says, the pass under `progress.pass`, and the
 * heartbeat (and end time) at `now`, a time in the store's own class.
 */
export function progressFields<T, P extends { finished?: boolean; stopped?: boolean; pass?: string | null }>(progress: P, now: T): Record<string, unknown> {
  const { finished, stopped, pass, ...fields } = progress;
  return {
    ...fields,
    ...(pass !== undefined ? { 'progress.pass': pass } : {}),
    heartbeatAt: now,
    ...(finished ? { finishedAt: now } : {}),
    ...(stopped ? { stoppedAt: now } : {})
  };
}

const isoOf = (value: unknown): string | null => {
  const ms = millisOf(value);
  return ms === null ? null : new Date(ms).toISOString();
};
const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);
const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const fieldsOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** The stored totals, each count read on its own (a run written by an older version may lack some). */
export function totalsOf(value: unknown): RunTotals {
  const stored = fieldsOf(value);
  const totals = emptyTotals();
  for (const key of Object.keys(totals) as (keyof RunTotals)[]) {
    if (key !== 'drift' && key !== 'orphanPaths') totals[key] = numberOr0(stored[key]);
  }
  const drift = fieldsOf(stored.drift);
  for (const figure of reconciledFigures) totals.drift[figure] = numberOr0(drift[figure]);
  totals.orphanPaths = Array.isArray(stored.orphanPaths) ? stored.orphanPaths.filter((p): p is string => typeof p === 'string') : [];
  return totals;
}

export const storedRunOf = (id: string, d: Record<string, unknown>): StoredRun => {
  const progress = fieldsOf(d.progress);
  return {
    id,
    state: (RUN_STATES as readonly unknown[]).includes(d.state) && d.state !== 'running' ? (d.state as RunState) : 'running',
    by: d.by === 'server' ? 'server' : 'desktop',
    startedAt: isoOf(d.startedAt),
    finishedAt: isoOf(d.finishedAt),
    stoppedAt: isoOf(d.stoppedAt),
    heartbeatAt: isoOf(d.heartbeatAt),
    cursor: textOf(d.cursor),
    pass: textOf(progress.pass),
    total: numberOr0(progress.total),
    totals: totalsOf(d.totals),
    startedBy: textOf(d.startedBy),
    error: textOf(d.error)
  };
};

export const driftedOf = (id: string, d: Record<string, unknown>): DriftedCustomer => ({
  userId: id,
  fullname: textOf(d.fullname),
  email: textOf(d.email),
  figures: Array.isArray(d.figures) ? (d.figures as DriftedCustomer['figures']) : []
});

/**
 * A record's place by its stored userId: text is placed by the merge; anything else is an orphan,
 * and Firestore sorts null, booleans, numbers and dates before text, and bytes, references, points,
 * arrays and maps after it.
 */
/** A stored time of either Firestore SDK (they are different classes with the same methods). */
const isTimestamp = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { toMillis?: unknown }).toMillis === 'function';

export const placedOf = (path: string, value: unknown): Placed =>
  typeof value === 'string'
    ? { path, userId: value, beforeText: false }
    : { path, userId: null, beforeText: value === null || typeof value === 'boolean' || typeof value === 'number' || isTimestamp(value) };
