import { z } from 'zod';
import { compoundInvestmentStatuses, depositStatuses, investmentStatuses, withdrawalStatuses } from '../domain/statuses';
import { id } from './common';
import { moneyListInputSchema, type MoneyListName } from './lists';
import { compoundInvestmentRowSchema, depositRowSchema, investmentRowSchema, withdrawalRowSchema } from './money';

/**
 * Live work: the main process listens to what is on screen and to the pending queues, and pushes
 * what changed as events. A screen asks for a watch and stops it when it closes; sign-out stops all.
 */

const watched = <N extends MoneyListName, T extends readonly [string, ...string[]]>(list: N, statuses: T) =>
  z.object({ list: z.literal(list), request: moneyListInputSchema(statuses).omit({ cursor: true, focus: true }) }).strict();

export const watchListInputSchema = z.discriminatedUnion('list', [
  watched('deposits', depositStatuses),
  watched('withdrawals', withdrawalStatuses),
  watched('investments', investmentStatuses),
  watched('compoundInvestments', compoundInvestmentStatuses)
]);
export type WatchListInput = z.output<typeof watchListInputSchema>;

export const watchIdSchema = z.object({ watchId: z.string().min(1).max(100) }).strict();

const liveRowSchema = z.union([depositRowSchema, withdrawalRowSchema, investmentRowSchema, compoundInvestmentRowSchema]);

/**
 * What changed in a watched list since the last event:
 * - `arrived`: records that now match the filters and were not in them before (a new request, or one moved into them);
 * - `changed`: records on the watched first page whose fields changed and that still match;
 * - `left`: records that no longer match the filters (decided elsewhere, or deleted: row null), with the reason in words.
 */
export const liveListEventSchema = z.object({
  watchId: z.string(),
  arrived: z.array(liveRowSchema),
  changed: z.array(liveRowSchema),
  left: z.array(z.object({ id, row: liveRowSchema.nullable(), note: z.string() }))
});
export type LiveListEvent = z.output<typeof liveListEventSchema>;

/** The sidebar's badges: pending deposits, pending withdrawals, pending KYC reviews, investments due, open approval requests (aggregation counts). */
export const pendingCountsSchema = z.object({
  deposits: z.number().int().nonnegative(),
  withdrawals: z.number().int().nonnegative(),
  kyc: z.number().int().nonnegative(),
  /** Active investments past maturity (investments.due): work waiting only where Ledgerdesk pays them, counted either way. */
  investmentsDue: z.number().int().nonnegative(),
  /** Approval requests waiting for a second administrator (docs/product-rules.md §15.4). */
  approvals: z.number().int().nonnegative(),
  asOf: z.string()
});
export type PendingCounts = z.output<typeof pendingCountsSchema>;

export const notificationKinds = ['deposit', 'withdrawal'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** A new pending deposit or withdrawal, for the desktop notification; clicking it opens the record in its queue. */
export const newPendingSchema = z.object({
  kind: z.enum(notificationKinds),
  id,
  email: z.string().nullable(),
  amount: z.number().nullable()
});
export type NewPending = z.output<typeof newPendingSchema>;

/** Whether Firestore is reachable: listeners keep running and recover on their own when it comes back. */
export const connectionSchema = z.object({ online: z.boolean() });

/** The administrator's notification choices, per kind, kept with the other preferences on this computer. */
export const notificationPrefsSchema = z.object({
  deposit: z.boolean(),
  withdrawal: z.boolean(),
  /** The browser's permission was asked for once already (browser mode). */
  asked: z.boolean()
});
export type NotificationPrefs = z.output<typeof notificationPrefsSchema>;

/**
 * Something typed and not yet saved (a webmail draft, the Manage dialog's amount and reason, a list's
 * filters), kept in the main process's memory for the signed-in administrator only, so an idle
 * sign-out loses nothing. Never written to disk.
 */
export const draftKeySchema = z.string().min(1).max(200);
const MAX_DRAFT_CHARS = 500_000;
/** A screen's draft is a few fields deep; deeper is not a draft. */
const MAX_DRAFT_DEPTH = 16;

export type DraftValue = string | number | boolean | null | DraftValue[] | { [key: string]: DraftValue };

/**
 * Why a value cannot be kept as a draft, or null. Walked with a stack of its own, not by recursion:
 * a value nested thousands deep must be refused, not overflow the main process's stack.
 */
export function draftProblem(value: unknown): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length) {
    const { value: next, depth } = pending.pop()!;
    if (depth > MAX_DRAFT_DEPTH) return `A draft is at most ${MAX_DRAFT_DEPTH} levels deep.`;
    if (next === null || typeof next === 'string' || typeof next === 'boolean') continue;
    if (typeof next === 'number') {
      if (!Number.isFinite(next)) return 'A draft holds only finite numbers.';
      continue;
    }
    const plain = typeof next === 'object' && (Array.isArray(next) || Object.getPrototypeOf(next) === Object.prototype);
    const children = plain ? Object.values(next as object) : null;
    if (children === null) return 'A draft holds only text, numbers, true/false, lists and fields.';
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
  if (JSON.stringify(value).length > MAX_DRAFT_CHARS) return 'A draft is at most 500,000 characters.';
  return null;
}

export const draftValueSchema = z.custom<DraftValue>((value) => draftProblem(value) === null, {
  error: (issue) => draftProblem(issue.input) ?? 'Not a draft.'
});
export const draftPutInputSchema = z.object({ key: draftKeySchema, value: draftValueSchema }).strict();
