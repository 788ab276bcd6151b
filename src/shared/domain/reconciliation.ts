import { formatUsd, fromCents, readAmount, toCents, type Cents } from './money';
import type { AuditDraft, Changeset } from './changeset';
import { StoredTimestamp } from './stored';

/**
 * Reconciliation (docs/product-rules.md §6.7): a customer's stored running totals against what
 * the records justify. For each figure, stored = sum of the records that move it + sum of the
 * audited adjustments of it (Manage, and anything else whose audit entry carries `moved`); what
 * is left is drift, shown and never corrected silently.
 */

/** The figures reconciliation checks, and the records each one sums. */
export const reconciledFigures = ['Totaldeposit', 'Totalwithdrawal', 'Totalwithdrawals'] as const;
export type ReconciledFigure = (typeof reconciledFigures)[number];

export const figureSources: Record<ReconciledFigure, { collection: 'deposits' | 'withdrawals'; status: string; records: string }> = {
  Totaldeposit: { collection: 'deposits', status: 'success', records: 'successful deposits' },
  Totalwithdrawal: { collection: 'withdrawals', status: 'approved', records: 'approved withdrawals' },
  // The platform's own spelling, kept in step by approvals where the document holds it (§5.2).
  Totalwithdrawals: { collection: 'withdrawals', status: 'approved', records: 'approved withdrawals' }
};

export const reconciledLabels: Record<ReconciledFigure, string> = {
  Totaldeposit: 'Total deposit',
  Totalwithdrawal: 'Total withdrawal',
  Totalwithdrawals: 'Total withdrawals (platform spelling)'
};

/** What the records and the adjustments of one figure add up to, in cents. */
export interface FigureSums {
  records: Cents;
  /** Records summed. */
  recordCount: number;
  /** Records whose amount is not a finite number (text, NaN, missing): counted apart, never guessed. */
  unsummable: number;
  adjustments: Cents;
  /** Audit entries that moved this figure. */
  adjustmentCount: number;
}

export const noSums = (): FigureSums => ({ records: 0, recordCount: 0, unsummable: 0, adjustments: 0, adjustmentCount: 0 });

/** One figure checked, in dollars, as the screens and the run's results show it. */
export interface FigureCheck {
  figure: ReconciledFigure;
  /** null when the stored value is not a number (see `problem`). */
  stored: number | null;
  records: number;
  recordCount: number;
  unsummable: number;
  adjustments: number;
  adjustmentCount: number;
  /** stored - records - adjustments; null when the stored value cannot be read. */
  drift: number | null;
  /** Why the figure could not be checked (a stored value that is not a number). */
  problem: string | null;
}

/** A stored total in cents: missing is zero; a value that is not a finite number cannot be checked. */
function storedCents(value: unknown): { cents: Cents } | { problem: string } {
  if (value === undefined || value === null) return { cents: 0 };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { problem: `stored as ${JSON.stringify(value) ?? String(value)}, not a number` };
  return { cents: toCents(value) };
}

/** The figures a customer document is checked on: Totalwithdrawals only where the document holds it. */
export const figuresOf = (user: Record<string, unknown>): ReconciledFigure[] =>
  reconciledFigures.filter((figure) => figure !== 'Totalwithdrawals' || (user.Totalwithdrawals !== undefined && user.Totalwithdrawals !== null));

export function checkFigure(figure: ReconciledFigure, storedValue: unknown, sums: FigureSums): FigureCheck {
  const stored = storedCents(storedValue);
  const base = {
    figure,
    records: fromCents(sums.records),
    recordCount: sums.recordCount,
    unsummable: sums.unsummable,
    adjustments: fromCents(sums.adjustments),
    adjustmentCount: sums.adjustmentCount
  };
  if ('problem' in stored) return { ...base, stored: null, drift: null, problem: `${reconciledLabels[figure]} is ${stored.problem}.` };
  return { ...base, stored: fromCents(stored.cents), drift: fromCents(stored.cents - sums.records - sums.adjustments), problem: null };
}

/** Drift worth showing: a cent or more either way, or a figure that cannot be read. */
export const drifts = (check: FigureCheck): boolean => check.problem !== null || (check.drift !== null && check.drift !== 0);

/** The customer's figures checked against their sums (`sums` per figure; a figure with no records sums to zero). */
export function reconcileCustomer(user: Record<string, unknown>, sums: Partial<Record<ReconciledFigure, FigureSums>>): FigureCheck[] {
  return figuresOf(user).map((figure) => checkFigure(figure, user[figure], sums[figure] ?? noSums()));
}

/** "Total deposit is $12.50 more than its records and adjustments explain." */
export function driftSentence(check: FigureCheck): string | null {
  if (check.problem) return check.problem;
  if (check.drift === null || check.drift === 0) return null;
  const amount = formatUsd(Math.abs(check.drift));
  return `${reconciledLabels[check.figure]} is ${amount} ${check.drift > 0 ? 'more' : 'less'} than its records and adjustments explain.`;
}

/**
 * Code point order, which is Firestore's order of strings (UTF-8 bytes) and of document ids; the
 * run merges customers and their records in it, so it must never be JavaScript's UTF-16 order.
 */
export function compareIds(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i]!.codePointAt(0)!;
    const y = right[i]!.codePointAt(0)!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

/**
 * A record's amount in cents as an approval reads it (src/shared/domain/money.ts: a number or a
 * plain decimal text such as "250.00"), else null: counted apart, never guessed.
 */
export const recordCents = (amount: unknown): Cents | null => {
  const read = readAmount(amount, 'amount');
  return read.ok ? read.value : null;
};

/** The run's counts, kept with its progress so a resumed run goes on adding to them. */
export interface RunTotals {
  customers: number;
  drifted: number;
  /** Customers with a figure that is not a number. */
  unreadable: number;
  deposits: number;
  withdrawals: number;
  adjustments: number;
  unsummable: number;
  /** Records and adjustments whose userId names no customer. */
  orphans: number;
  /** The paths of the first ORPHANS_LISTED of them, in the order the run met them. */
  orphanPaths: string[];
  /** Net drift per figure over the drifted customers, in cents. */
  drift: Record<ReconciledFigure, Cents>;
  /** Documents read, as Firestore bills them (an empty page costs one). */
  reads: number;
}

export const emptyTotals = (): RunTotals => ({
  customers: 0,
  drifted: 0,
  unreadable: 0,
  deposits: 0,
  withdrawals: 0,
  adjustments: 0,
  unsummable: 0,
  orphans: 0,
  orphanPaths: [],
  drift: { Totaldeposit: 0, Totalwithdrawal: 0, Totalwithdrawals: 0 },
  reads: 0
});

/** Orphans listed by path on the run; beyond them only counted, so the run's document stays small. */
export const ORPHANS_LISTED = 1_000;

/** A record or adjustment that names no customer: counted, and listed by its path while the list has room. */
export function countOrphan(totals: RunTotals, path: string): void {
  totals.orphans += 1;
  if (totals.orphanPaths.length < ORPHANS_LISTED) totals.orphanPaths.push(path);
}

/** Adds what one step of the run counted (`step`) to the run's totals. */
export function addTotals(totals: RunTotals, step: RunTotals): void {
  for (const key of ['customers', 'drifted', 'unreadable', 'deposits', 'withdrawals', 'adjustments', 'unsummable', 'orphans', 'reads'] as const) {
    totals[key] += step[key];
  }
  for (const figure of reconciledFigures) totals.drift[figure] += step.drift[figure];
  totals.orphanPaths.push(...step.orphanPaths.slice(0, Math.max(0, ORPHANS_LISTED - totals.orphanPaths.length)));
}

/** A drifted customer as the run keeps it (reconciliationRuns/{run}/drifted/{userId}). */
export interface DriftedCustomer {
  userId: string;
  fullname: string | null;
  email: string | null;
  figures: FigureCheck[];
}

/** Adds one customer's checks to the run's totals; the customer, when drifted, to keep. */
export function countCustomer(totals: RunTotals, user: { id: string; data: Record<string, unknown> }, checks: FigureCheck[]): DriftedCustomer | null {
  totals.customers += 1;
  const drifted = checks.filter(drifts);
  if (drifted.length === 0) return null;
  totals.drifted += 1;
  if (drifted.some((c) => c.problem)) totals.unreadable += 1;
  for (const check of drifted) if (check.drift !== null) totals.drift[check.figure] += toCents(check.drift);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return { userId: user.id, fullname: text(user.data.fullname), email: text(user.data.email), figures: checks };
}

export const RUN_STATES = ['running', 'stopped', 'finished', 'failed'] as const;
export type RunState = (typeof RUN_STATES)[number];

/**
 * The audit entry of one save of drifted customers (reconciliationRuns/{run}/drifted/{userId}):
 * like every administrator write, the rows name it (lastAuditId) and it lists each of them.
 */
export function keptDriftedAudit(runId: string, userIds: string[]): { draft: AuditDraft; paths: string[] } {
  const path = `reconciliationRuns/${runId}`;
  const n = userIds.length;
  return {
    draft: {
      kind: 'reconciliation',
      action: 'reconciliation.keepDrifted',
      entityPath: path,
      summary: `Reconciliation kept ${n.toLocaleString('en-US')} drifted customer${n === 1 ? '' : 's'}`,
      before: {},
      after: {},
      notes: [],
      reason: null
    },
    paths: userIds.map((userId) => `${path}/drifted/${userId}`)
  };
}

/**
 * Starting a run: its document (reconciliationRuns/{runId}), created with its audit entry like
 * any administrator write; its progress is then saved by the run itself. `pass` names the pass
 * that may save it (progress.pass): a pass that finds another name there has lost the run.
 */
export function startReconciliation(runId: string, customersToCheck: number, now: Date, startedBy: string | null, pass: string): Changeset {
  const path = `reconciliationRuns/${runId}`;
  const at = new StoredTimestamp(Math.floor(now.getTime() / 1000), (now.getTime() % 1000) * 1e6);
  return {
    changes: [
      {
        path,
        set: {
          state: 'running',
          startedAt: at,
          startedBy,
          heartbeatAt: at,
          finishedAt: null,
          stoppedAt: null,
          error: null,
          cursor: null,
          progress: { total: customersToCheck, pass },
          totals: emptyTotals()
        },
        replace: true
      }
    ],
    audit: {
      kind: 'reconciliation',
      action: 'reconciliation.start',
      entityPath: path,
      summary: `Reconciliation of every customer's totals started (${customersToCheck.toLocaleString('en-US')} customers)`,
      before: {},
      after: { [`${path}.state`]: 'running' },
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: 'Reconciliation started.'
  };
}
