import { z } from 'zod';
import { approvalAmountFields, approvalSwitchFields, type ApprovalAmountField, type ApprovalSwitchField } from '../domain/approvals';
import { mailDeliveries } from '../domain/platformSettings';
import { ADDRESS_MAX, BLOCK_REASON_MAX, MAX_BLOCKED_ADDRESSES } from '../domain/riskRules';
import { MAX_AMOUNT } from '../domain/money';
import { coins } from '../domain/wallets';
import { id, nullableNumbers, operationId } from './common';

/** Schemas of plans, wallet addresses, webmail, the dashboard chart and file export. */

export const planSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  ...nullableNumbers(['min', 'max', 'roi', 'duration'])
});
export type Plan = z.output<typeof planSchema>;

export const plansSchema = z.object({
  plans: z.array(planSchema),
  /** settings/compoundingPlan, shown read-only; null when the document does not exist. */
  compoundingPlan: z.object({ amount: z.number().nullable(), duration: z.number().nullable() }).nullable()
});
export type Plans = z.output<typeof plansSchema>;

export const planUpdateInputSchema = z
  .object({
    id,
    name: z.string().max(200),
    min: z.number(),
    max: z.number(),
    roi: z.number(),
    duration: z.number(),
    operationId
  })
  .strict();

const coinMap = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(coins.map((c) => [c, value])) as Record<(typeof coins)[number], T>);

export const walletAddressesSchema = z.object({ addresses: coinMap(z.string().nullable()) });
export const walletSaveInputSchema = z.object({ addresses: coinMap(z.string().max(200)), operationId }).strict();

export const sendMailInputSchema = z
  .object({
    to: z.string().max(320),
    toName: z.string().max(200).nullable().optional(),
    subject: z.string().max(300),
    companyName: z.string().max(200),
    html: z.string().max(1_000_000),
    operationId
  })
  .strict();

/** The approval policy's rules (src/shared/domain/approvals.ts): three amounts in dollars (null: off), five switches. */
const approvalPolicySchema = (amount: z.ZodNumber) =>
  z.object({
    ...(Object.fromEntries(approvalAmountFields.map((field) => [field, amount.nullable()])) as Record<ApprovalAmountField, z.ZodNullable<z.ZodNumber>>),
    ...(Object.fromEntries(approvalSwitchFields.map((field) => [field, z.boolean()])) as Record<ApprovalSwitchField, z.ZodBoolean>)
  });

/** settings/ledgerdesk as the screens see it (src/shared/domain/platformSettings.ts): every field has its default. */
export const platformSettingsSchema = z.object({
  requireTxid: z.boolean(),
  paysMaturedInvestments: z.boolean(),
  /** Each coin's own block explorer (`https://…{txid}…`), null for Ledgerdesk's default. */
  explorers: coinMap(z.string().nullable()),
  /** Who delivers queued e-mails: this desktop (through the backend host) or the server (Ledgerdesk's functions). */
  mailDelivery: z.enum(mailDeliveries),
  /** The hour (0-23, UTC) the functions start the nightly reconciliation run; null: none. */
  reconciliationHour: z.number().int().min(0).max(23).nullable(),
  /** The weekday (0 Sunday to 6 Saturday, UTC) whose night runs the full check of every customer (nightlyCheck.ts's FULL_RUN_WEEKDAY_FIELD); null: never. */
  reconciliationFullRunWeekday: z.number().int().min(0).max(6).nullable(),
  /** The platform's time zone, an IANA name (the domain checks the clock knows it). */
  timeZone: z.string().min(1).max(64),
  /** Dual control (docs/product-rules.md §15): which decisions need a second administrator; an amount null is off. */
  approvals: approvalPolicySchema(z.number().positive())
});
export type PlatformSettingsValue = z.output<typeof platformSettingsSchema>;
/** Some of the settings at once; the others stay as they are (an explorer sent as null goes back to its default). */
export const platformSettingsSaveInputSchema = z
  .object({
    changes: platformSettingsSchema
      .omit({ explorers: true, approvals: true })
      .partial()
      .extend({
        explorers: coinMap(z.string().max(300).nullable()).partial().strict().optional(),
        approvals: approvalPolicySchema(z.number().positive().max(MAX_AMOUNT)).partial().strict().optional()
      })
      .strict(),
    operationId
  })
  .strict();

export const dailyInputSchema = z.object({ days: z.number().int().min(1).max(90).optional() }).strict();

export const dailyTotalsSchema = z.object({
  days: z.array(z.object({ date: z.string(), deposited: z.number(), withdrawn: z.number() })),
  /** Records left out of days whose sum was not finite (a NaN or infinite amount among them), per collection. */
  unsummed: z.object({ deposits: z.number().int().nonnegative(), withdrawals: z.number().int().nonnegative() }),
  asOf: z.string()
});
export type DailyTotals = z.output<typeof dailyTotalsSchema>;

export const saveCsvInputSchema = z.object({ suggestedName: z.string().min(1).max(200), content: z.string().max(200_000_000) }).strict();

/** null: the administrator cancelled the save dialog. */
export const saveCsvResultSchema = z.object({ path: z.string() }).nullable();

/** settings/riskRules (src/shared/domain/riskRules.ts): caps null mean "from the customer's withdrawal limit". */
const capAmount = z.number().finite().min(0).max(MAX_AMOUNT);
export const riskRulesSchema = z.object({
  cap24h: capAmount.nullable(),
  cap30d: capAmount.nullable(),
  blockedAddresses: z
    .array(z.object({ address: z.string().trim().min(1).max(ADDRESS_MAX), reason: z.string().trim().min(1).max(BLOCK_REASON_MAX) }).strict())
    .max(MAX_BLOCKED_ADDRESSES),
  stepUpAbove: capAmount
});
export type RiskRulesValue = z.output<typeof riskRulesSchema>;
export const riskRulesSaveInputSchema = z.object({ rules: riskRulesSchema.strict(), operationId }).strict();
