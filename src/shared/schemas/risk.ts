import { z } from 'zod';
import { count, isoDate, nullableNumbers, nullableStrings, suspensionSchema } from './common';
import { noteSchema } from './users';

/**
 * The facts a reviewer sees before deciding on a withdrawal or a deposit (src/shared/domain/risk.ts
 * computes them; src/core/risk.ts reads them). Nothing here blocks a decision.
 */

/** A cap's window (src/shared/domain/withdrawalWindows.ts): the total of the amounts it could read, the cap, how many withdrawals were read. */
const windowSchema = z.object({
  total: z.number(),
  cap: z.number().nullable(),
  /** The customer's withdrawals in the window that were read, whatever their status. */
  read: count,
  /** False when the read stopped at its limit: there may be more, and the total is a floor. */
  complete: z.boolean(),
  /** Counted withdrawals whose amount cannot be read, and up to three of those amounts as stored. */
  unreadable: z.object({ count, amounts: z.array(z.string()).max(3) })
});

/** What a warning is about, in code (src/shared/domain/risk.ts draws them); its message says it in words. */
export const riskWarningCodes = [
  'notVerified',
  'kycNotApproved',
  'overLimit',
  'addressInvalid',
  'addressShared',
  'soonAfterFirstDeposit',
  'suspended',
  'blockedAddress',
  'over24hCap',
  'over30dCap',
  'capUnreadable',
  'capIncomplete'
] as const;

export const riskWarningSchema = z.object({ code: z.enum(riskWarningCodes), message: z.string() });
export type RiskWarning = z.output<typeof riskWarningSchema>;

/** Who a risk panel is about: the customer as both panels name them, verified or suspended; a withdrawal's adds their money. */
const riskCustomerSchema = z.object({
  id: z.string(),
  ...nullableStrings(['name', 'email', 'kycStatus']),
  verified: z.boolean(),
  suspension: suspensionSchema.nullable()
});

export const withdrawalRiskSchema = z.object({
  amount: z.number().nullable(),
  amountRaw: z.string().nullable(),
  coin: z.string().nullable(),
  address: z.string().nullable(),
  /** The wallet check of the coin (src/shared/domain/wallets.ts); null when the coin is not one Ledgerdesk knows. */
  addressCheck: z.object({ valid: z.boolean(), problem: z.string().nullable() }).nullable(),
  /** The chain transaction that paid it out (approved with one), null otherwise. */
  txid: z.string().nullable(),
  /** null: the customer's document does not exist. */
  customer: riskCustomerSchema
    .extend({
      // fee: amount x fee %, to the cent; null when either is unknown.
      ...nullableNumbers(['balance', 'withdrawalLimit', 'withdrawalFeePercentage', 'fee', 'lifetimeDeposits', 'lifetimeWithdrawals']),
      joined: isoDate,
      firstSuccessfulDepositAt: isoDate
    })
    .nullable(),
  /** The risk rules' entry for the address (any letter case); null when it is not blocked. */
  blockedAddress: z.object({ address: z.string(), reason: z.string() }).nullable(),
  /** The customer's pending, approved and undecided withdrawals over 24 hours and 30 days, this one included, and the caps. */
  windows: z.object({ h24: windowSchema, d30: windowSchema }),
  /** The latest note on the customer (docs/product-rules.md §6.8). */
  latestNote: noteSchema.nullable(),
  /** This customer's other withdrawals to the address, made before this one; counted among the address's most recent withdrawals (capped). */
  sameAddressEarlier: count,
  /** Distinct other customers who withdrew to the address, among its most recent withdrawals (capped). */
  otherCustomersAtAddress: count,
  /** True when the counts above stopped at the cap: there may be more. */
  addressCountsCapped: z.boolean(),
  warnings: z.array(riskWarningSchema),
  documentsRead: count
});
export type WithdrawalRisk = z.output<typeof withdrawalRiskSchema>;

export const depositRiskSchema = z.object({
  /** The deposit's coin (its method) and the chain transaction that paid it in, once credited with one. */
  coin: z.string().nullable(),
  txid: z.string().nullable(),
  /** null: the customer's document does not exist. */
  customer: riskCustomerSchema.nullable(),
  latestNote: noteSchema.nullable(),
  /** The customer's deposits made before this one (by timestamp; all of theirs but this one when it has no timestamp). */
  earlierDeposits: count,
  /** Who a successful deposit pays the referral bonus to: id and name null when no single customer has the code. */
  referralBonusTo: z.object({ id: z.string().nullable(), name: z.string().nullable(), code: z.string() }).nullable(),
  documentsRead: count
});
export type DepositRisk = z.output<typeof depositRiskSchema>;
