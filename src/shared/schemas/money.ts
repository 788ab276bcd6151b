import { z } from 'zod';
import { auditKinds, emailKinds } from '../domain/changeset';
import { errorCodes } from '../result';
import { effectSchema, id, isoDate, operationId } from './common';
import { pageInputSchema } from './lists';

/** Schemas of the money screens: lists paged by cursor, status changes, the audit log and e-mail queue. */

/** A number when the stored amount is one; null with the stored text in amountRaw otherwise. */
const amount = z.number().nullable();
const amountRaw = z.string().nullable();

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    nextCursor: z.string().nullable(),
    /** First page only: how many records the list holds, and how many it cannot show (no sort field). */
    total: z.number().int().nonnegative().nullable(),
    unlisted: z.number().int().nonnegative().nullable()
  });

/** What every money list row has: the record, the customer's e-mail, the amount and the status. */
const moneyRowSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  amount,
  amountRaw,
  status: z.string()
});

/** Deposits, withdrawals and investments also carry the customer's document id. */
const ownedRowSchema = moneyRowSchema.extend({ userId: z.string().nullable() });
/** Deposits and withdrawals also carry the customer's name as the platform stored it. */
const namedRowSchema = ownedRowSchema.extend({ username: z.string().nullable() });
/**
 * Deposits and withdrawals are paid in or out by a chain transaction (src/shared/domain/txid.ts):
 * its id, lower-cased as stored, or null when none was given.
 */
const chainPaidRowSchema = namedRowSchema.extend({ txid: z.string().nullable() });

/**
 * The open approval request a withdrawal's approval or an investment's payout waits on (dual
 * control, docs/product-rules.md §15.4 and §15.6); null when none is open.
 */
const awaitingApproval = { approvalRequestId: z.string().nullable() };

/** An investment's maturity and payout, as its row shows them (src/shared/domain/maturity.ts). */
const maturity = {
  /** createdAt + duration days; null when either cannot be read. */
  maturesAt: isoDate,
  /** amount x roi %, rounded to the cent; null when either cannot be read. */
  roiDue: z.number().nullable(),
  /** Why the maturity or the ROI due cannot be told, in a sentence; null when both can. */
  maturityNote: z.string().nullable(),
  /** When Ledgerdesk paid it out (its status is then final); null when it was not. */
  paidOutAt: isoDate
};

export const depositRowSchema = chainPaidRowSchema.extend({
  method: z.string().nullable(),
  timestamp: isoDate,
  investmentId: z.string().nullable()
});
export type DepositRow = z.output<typeof depositRowSchema>;

export const withdrawalRowSchema = chainPaidRowSchema.extend({
  cryptoType: z.string().nullable(),
  walletAddress: z.string().nullable(),
  createdAt: isoDate,
  ...awaitingApproval
});
export type WithdrawalRow = z.output<typeof withdrawalRowSchema>;

export const investmentRowSchema = ownedRowSchema.extend({
  plan: z.string().nullable(),
  roi: z.number().nullable(),
  duration: z.number().nullable(),
  createdAt: isoDate,
  ...maturity,
  ...awaitingApproval
});
export type InvestmentRow = z.output<typeof investmentRowSchema>;

export const compoundInvestmentRowSchema = moneyRowSchema.extend({
  plan: z.string().nullable(),
  paytype: z.string().nullable(),
  startAt: isoDate,
  endAt: isoDate
});
export type CompoundInvestmentRow = z.output<typeof compoundInvestmentRowSchema>;

/**
 * A preview's version (statusPreviewSchema): given, the change is made only if the documents it
 * reads are still what the preview read; left out, it is made on whatever is current.
 */
// It carries each figure the decision moves by name and value ('users/<28-character id>.totalearnings'),
// so two figures of a customer with a long id already pass 200 characters.
const readVersion = z.string().min(1).max(2000);

/**
 * Why the administrator decided (a reason picked from the common ones or typed, or a note): stored
 * on the decision's audit entry; a withdrawal rejection's reason also goes into the customer's e-mail.
 * Blank is the same as none.
 */
export const decisionReason = z.string().trim().max(500).nullable();

/**
 * Why a refusal is overridden (a withdrawal of a suspended customer, to a blocked address; a payout
 * of an investment not clean or of a suspended customer): 5 to 500 characters, stored on the audit
 * entry. Only the lists whose rule can be overridden take it, and payouts.
 */
export const overrideReasonSchema = z.string().trim().min(5).max(500);

/** Paying out a matured investment: one action, decided on its preview (`investments.payoutPreview`) like a status change. */
export const payoutInputSchema = z
  .object({ id, operationId, version: readVersion.optional(), reason: decisionReason.optional(), overrideReason: overrideReasonSchema.optional() })
  .strict();

/** What paying it out would do, asked with the override reason once given, as the payout will be. */
export const payoutPreviewInputSchema = z.object({ id, overrideReason: overrideReasonSchema.optional() }).strict();
/** The override field where a list takes one; none at all elsewhere, so the other lists' inputs are typed without it. */
type Overridable<O extends boolean> = O extends true ? { overrideReason: z.ZodOptional<typeof overrideReasonSchema> } : Record<never, never>;
const overridable = <O extends boolean>(yes: O) => (yes ? { overrideReason: overrideReasonSchema.optional() } : {}) as Overridable<O>;

export const statusChangeInputSchema = <T extends readonly [string, ...string[]], O extends boolean = false>(statuses: T, override = false as O) =>
  z
    .object({ id, status: z.enum(statuses), operationId, version: readVersion.optional(), reason: decisionReason.optional(), ...overridable(override) })
    .strict();

/**
 * What a status change would do, asked before confirming it: the same id and status, no operationId
 * (nothing is written); with the override reason where the list takes one, so it says what the change with it does.
 */
export const statusPreviewInputSchema = <T extends readonly [string, ...string[]], O extends boolean = false>(statuses: T, override = false as O) =>
  z.object({ id, status: z.enum(statuses), ...overridable(override) }).strict();

/**
 * The chain transaction a deposit's success or a withdrawal's approval is decided on, as pasted
 * (trimmed); the rule checks it for the record's coin and says the form it expects.
 */
export const txidInput = z.string().trim().max(200);
export const withTxid = { txid: txidInput.optional() };

/** The chain transaction's field as a list with evidence takes it. */
type Evidence = z.output<z.ZodObject<typeof withTxid>>;

/**
 * A status change of any list as the main process takes it (src/core/statusChanges.ts): the widest
 * input, with the chain transaction and the override reason, which a list that takes neither leaves out.
 * Every list's `setStatus` input is one of these.
 */
export type StatusChangeInput<S extends string> = z.output<ReturnType<typeof statusChangeInputSchema<[S, ...S[]], true>>> & Evidence;

/** A preview of any list's status change, as the main process takes it (src/core/statusPreviews.ts); every list's `preview` input is one. */
export type StatusPreviewInput<S extends string> = z.output<ReturnType<typeof statusPreviewInputSchema<[S, ...S[]], true>>> & Evidence;

/** What the administrator gives a preview beside the id and status, as the commit will be given it. */
export type PreviewGiven = Omit<StatusPreviewInput<string>, 'id' | 'status'>;

/** What a status change did, so the screen can say it in words. */
export const statusOutcomeSchema = z.object({
  status: z.string(),
  message: z.string(),
  effects: z.array(effectSchema),
  notes: z.array(z.string()),
  emailsQueued: z.number().int().nonnegative(),
  /** The approval policy covered the decision: nothing applied, this request awaits a second administrator. */
  approvalRequestId: z.string().optional()
});
export type StatusOutcome = z.output<typeof statusOutcomeSchema>;

/** A status change before it is made (src/shared/domain/previews.ts): what the same rule on the same reads decides. */
export const statusPreviewSchema = z.object({
  allowed: z.boolean(),
  refusal: z.object({ code: z.enum(errorCodes), message: z.string() }).nullable(),
  effects: z.array(effectSchema),
  /** A deposit's linked investment (src/shared/domain/deposits.ts); null when the deposit names none. */
  activation: z
    .object({
      investmentId: z.string(),
      plan: z.string().nullable(),
      amount: z.number().nullable(),
      /** True when approving this deposit sets the investment active. */
      activates: z.boolean(),
      /** Why it stays as it is, in a sentence; null when it activates. */
      why: z.string().nullable()
    })
    .nullable(),
  emails: z.array(z.object({ to: z.string(), kind: z.enum(emailKinds) })),
  notes: z.array(z.string()),
  /** What the change would override (a suspended customer, a blocked address): refused until an override reason is given. */
  overrides: z.array(z.string()),
  /** Why the approval policy covers this change (docs/product-rules.md §15.4): deciding asks a second administrator instead of applying. Null: it applies. */
  needsApproval: z.string().nullable().optional(),
  /** Pass it back as the change's `version`. */
  version: z.string()
});
export type StatusPreview = z.output<typeof statusPreviewSchema>;

export const auditKindSchema = z.enum(auditKinds);

/** The activity of one kind, about one customer, by one administrator (`adminUid`, their uid), or any combination. */
export const auditListInputSchema = pageInputSchema
  .extend({ kind: auditKindSchema.nullable().optional(), userId: id.nullable().optional(), adminUid: id.nullable().optional() })
  .strict();

const jsonRecord = z.record(z.string(), z.unknown());

/** An audit entry (auditLog/{id}) as the Activity list shows it: one row, read from what was stored. */
export const auditRowSchema = z.object({
  id: z.string(),
  at: isoDate,
  kind: z.string(),
  action: z.string(),
  entityPath: z.string(),
  summary: z.string(),
  before: jsonRecord,
  after: jsonRecord,
  notes: z.array(z.string()),
  reason: z.string().nullable(),
  /** The risk warnings shown when the decision was taken (withdrawals); empty for anything else. */
  warnings: z.array(z.string()),
  /** Why a refusal was overridden (a suspended customer, a blocked address); null for none. */
  overrideReason: z.string().nullable(),
  /** Sign-ins, sign-outs and password confirmations (kind access): who, what, and when it happened. */
  access: z
    .object({
      event: z.enum(['signIn', 'signOut', 'reauthenticate']),
      email: z.string(),
      result: z.enum(['ok', 'refused']),
      detail: z.string().nullable(),
      occurredAt: z.string()
    })
    .nullable(),
  /** Who made the change: the administrator's uid (what the Administrator filter compares) and e-mail. */
  adminUid: z.string().nullable(),
  adminEmail: z.string().nullable()
});
export type AuditRow = z.output<typeof auditRowSchema>;

export const mailStates = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof mailStates)[number];

export const mailOutboxInputSchema = pageInputSchema
  .extend({ state: z.enum(mailStates).nullable().optional(), to: z.string().trim().min(1).max(320).nullable().optional() })
  .strict();

export const mailEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(emailKinds).or(z.string()),
  to: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  about: z.string().nullable(),
  state: z.enum(mailStates),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  sentAt: isoDate,
  /** When the dispatcher will try again; null once sent or after the last automatic attempt. */
  nextAttemptAt: isoDate
});
export type MailEntry = z.output<typeof mailEntrySchema>;

export const mailOutboxCountsSchema = z.object({
  queued: z.number().int().nonnegative(),
  sending: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative()
});
export type MailOutboxCounts = z.output<typeof mailOutboxCountsSchema>;

/** A page of rows as every list method answers it (pageOf). */
export type Page<T> = z.output<ReturnType<typeof pageOf<z.ZodType<T>>>>;
