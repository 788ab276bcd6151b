import { z } from 'zod';
import { RUNNERS } from '../domain/reconciliationStored';
import { adjustableFields } from '../domain/users';
import { BALANCE_CHECK_STATES } from '../domain/balanceCheck';
import { reconciledFigures, RUN_STATES } from '../domain/reconciliation';
import { count, id, isoDate, nullableNumbers } from './common';
import { pageInputSchema } from './lists';

/**
 * Reconciliation (src/shared/domain/reconciliation.ts): one customer's figures checked against
 * their records (users.reconcile), the platform-wide run and its drifted customers, and the deleted
 * customers kept on record (archivedUsers).
 */

export const figureCheckSchema = z.object({
  figure: z.enum(reconciledFigures),
  stored: z.number().nullable(),
  records: z.number(),
  recordCount: count,
  unsummable: count,
  adjustments: z.number(),
  adjustmentCount: count,
  drift: z.number().nullable(),
  problem: z.string().nullable()
});
export type FigureCheckRow = z.output<typeof figureCheckSchema>;

/** The balance check, as balanceSentence says it; `path`: the document named when the chain is broken. */
export const balanceCheckSchema = z.object({
  state: z.enum(BALANCE_CHECK_STATES),
  sentence: z.string(),
  path: z.string().nullable()
});
export type BalanceCheckView = z.output<typeof balanceCheckSchema>;

export const reconcileResultSchema = z.object({
  userId: z.string(),
  figures: z.array(figureCheckSchema),
  /** The balance against the customer's journal head (src/shared/domain/balanceCheck.ts). */
  balance: balanceCheckSchema,
  /**
   * Documents read, as Firestore bills them: the customer, their records and adjustments under each
   * spelling of their id, and the records whose userId starts with a space (an empty query costs one).
   */
  reads: count,
  asOf: z.string()
});
export type ReconcileResult = z.output<typeof reconcileResultSchema>;

/** A run as the screens see it; `interrupted`: stored as running, but nobody has saved its progress for a while (Ledgerdesk was closed). */
export const runStateSchema = z.enum([...RUN_STATES, 'interrupted']);

export const runTotalsSchema = z.object({
  customers: count,
  drifted: count,
  unreadable: count,
  deposits: count,
  withdrawals: count,
  adjustments: count,
  unsummable: count,
  orphans: count,
  /** The paths of the first 1,000 orphans, in the order the run met them. */
  orphanPaths: z.array(z.string()),
  /** Net drift per figure over the drifted customers, in dollars. */
  drift: z.object(Object.fromEntries(reconciledFigures.map((f) => [f, z.number()])) as Record<(typeof reconciledFigures)[number], z.ZodNumber>),
  reads: count
});

export const runSchema = z.object({
  id: z.string(),
  state: runStateSchema,
  /** Who runs its pages: this desktop, or Ledgerdesk's functions on the server (the nightly run, or Start where they are deployed). */
  by: z.enum(RUNNERS),
  startedAt: isoDate,
  finishedAt: isoDate,
  stoppedAt: isoDate,
  heartbeatAt: isoDate,
  /** Customers to check, counted when the run started. */
  total: count,
  totals: runTotalsSchema,
  startedBy: z.string().nullable(),
  error: z.string().nullable()
});
export type ReconciliationRun = z.output<typeof runSchema>;

export const driftedCustomerSchema = z.object({
  userId: z.string(),
  fullname: z.string().nullable(),
  email: z.string().nullable(),
  figures: z.array(figureCheckSchema)
});
export type DriftedCustomerRow = z.output<typeof driftedCustomerSchema>;

export const runsInputSchema = pageInputSchema;
export const driftedInputSchema = pageInputSchema.extend({ id }).strict();

/** A deleted customer as Manage Users' "Deleted customers" view lists them. */
export const deletedCustomerRowSchema = z.object({
  id: z.string(),
  fullname: z.string().nullable(),
  email: z.string().nullable(),
  reason: z.string().nullable(),
  deletedAt: isoDate,
  retainUntil: isoDate,
  adminEmail: z.string().nullable(),
  /** Deleted while they still held money or had open requests. */
  force: z.boolean(),
  // Their figures when they were deleted.
  ...nullableNumbers(adjustableFields),
  verified: z.boolean(),
  hasKyc: z.boolean(),
  kycStatus: z.string().nullable()
});
export type DeletedCustomerRow = z.output<typeof deletedCustomerRowSchema>;
