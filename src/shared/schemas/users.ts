import { z } from 'zod';
import { NOTE_MAX } from '../domain/notes';
import { SUSPENSION_REASON_MAX, SUSPENSION_REASON_MIN } from '../domain/suspension';
import { adjustableFields, kycDecisions, kycDocumentNames } from '../domain/users';
import { effectSchema, id, isoDate, nullableNumbers, nullableStrings, operationId, suspensionSchema } from './common';
import { pageInputSchema } from './lists';

/** Schemas of the customer screens: users, KYC, adjustments, deletion and referrals. */

export const customerRowSchema = z.object({
  id: z.string(),
  fullname: z.string().nullable(),
  email: z.string().nullable(),
  // The seven figures an administrator can adjust: balance, the totals, the limit and the fee.
  ...nullableNumbers(adjustableFields),
  verified: z.boolean(),
  hasKyc: z.boolean(),
  /** `kyc.status` as stored; null when the customer has no KYC data. */
  kycStatus: z.string().nullable(),
  /** `kyc.expiryDate`: an approved KYC past it is expired (kycExpired in src/shared/domain/users.ts). */
  kycExpiryDate: isoDate,
  /** `suspended: true` on the document: the backend host disabled their sign-in (docs/product-rules.md §6.9). */
  suspended: z.boolean(),
  timestamp: z.string().nullable()
});
export type CustomerRow = z.output<typeof customerRowSchema>;

/** A customer's page: the row plus their referral code and who referred them. */

export const customerProfileSchema = customerRowSchema.extend({
  /** null: not suspended. */
  suspension: suspensionSchema.nullable(),
  referralCode: z.string().nullable(),
  /** The code (or id) stored on the customer, and the customer it names when one matches. */
  referredBy: z.object({ code: z.string(), id: z.string().nullable(), name: z.string().nullable() }).nullable()
});
export type CustomerProfile = z.output<typeof customerProfileSchema>;

/** The customer panel on deposits and withdrawals: who they are and their running totals. */
export const customerCardSchema = customerRowSchema.pick({
  id: true,
  fullname: true,
  email: true,
  balance: true,
  Totaldeposit: true,
  Totalwithdrawal: true,
  totalearnings: true,
  TotalBonus: true
});
export type CustomerCard = z.output<typeof customerCardSchema>;

export const customerSearchInputSchema = z.object({ text: z.string().trim().min(1).max(200) }).strict();

export const customerSearchResultSchema = z.object({
  rows: z.array(customerRowSchema),
  /** At most this many documents are read by one search, over all its queries. */
  limit: z.number().int().positive(),
  /** The prefix queries Firestore ran and the documents each returned (the bench reads this). */
  queries: z.array(z.object({ field: z.string(), prefix: z.string(), documents: z.number().int().nonnegative() }))
});
export type CustomerSearchResult = z.output<typeof customerSearchResultSchema>;

export const passwordNoticeSchema = z.object({
  /** Customers whose document carries a `password` field, counted by aggregation. */
  withPasswordField: z.number().int().nonnegative()
});

export const adjustInputSchema = z
  .object({
    id,
    field: z.enum(adjustableFields),
    operation: z.enum(['add', 'subtract']),
    amount: z.number(),
    reason: z.string().max(500),
    allowNegative: z.boolean(),
    operationId
  })
  .strict();

export const changeResultSchema = z.object({
  message: z.string(),
  effects: z.array(effectSchema),
  /** The approval policy covers the change: nothing applied, this request awaits another administrator (docs/product-rules.md §15.4). */
  approvalRequestId: z.string().optional()
});

export const verifyInputSchema = z.object({ id, verified: z.boolean(), operationId }).strict();

export const kycSchema = z.object({
  ...nullableStrings(['fullName', 'idType', 'idNumber', 'country', 'address', 'status', 'idFrontURL', 'idBackURL', 'selfieURL']),
  dob: isoDate,
  expiryDate: isoDate
});
export type Kyc = z.output<typeof kycSchema>;

/** A rejection's reason (required; the customer is e-mailed it) or a resubmission's note; the documents a resubmission asks for. */
export const kycDecisionInputSchema = z
  .object({
    id,
    status: z.enum(kycDecisions),
    reason: z.string().trim().max(500).nullable().optional(),
    documents: z.array(z.enum(kycDocumentNames)).max(kycDocumentNames.length).optional(),
    operationId
  })
  .strict();

/** A note on a customer, append-only (docs/product-rules.md §6.8). */
export const noteSchema = z.object({ id: z.string(), text: z.string(), at: isoDate, adminEmail: z.string().nullable() });
export type Note = z.output<typeof noteSchema>;

export const addNoteInputSchema = z.object({ id, text: z.string().trim().min(1).max(NOTE_MAX), operationId }).strict();
export const notesInputSchema = pageInputSchema.extend({ id }).strict();
export const latestNoteSchema = z.object({ note: noteSchema.nullable() });

/** Suspending or lifting a suspension goes through the backend host; the reason is on the audit entry. */
const suspensionReason = z.string().trim().min(SUSPENSION_REASON_MIN).max(SUSPENSION_REASON_MAX);
export const suspendInputSchema = z.object({ id, reason: suspensionReason, operationId }).strict();

/** Which of these customers (by id or by e-mail, at most a page of each) are suspended: the lists' marks. */
export const suspendedAmongInputSchema = z
  .object({ ids: z.array(id).max(100).optional(), emails: z.array(z.string().trim().min(1).max(320)).max(100).optional() })
  .strict();
export const suspendedAmongSchema = z.object({ ids: z.array(z.string()), emails: z.array(z.string()) });

/** Why a customer is deleted: kept with their archived record (archivedUsers/{id}) for the years a regulator may ask. */
export const deletionReason = z.string().trim().min(5, 'Say why, in at least 5 characters.').max(500);

/** `force` deletes a customer who still holds money or has open requests (second confirmation). */
export const deleteInputSchema = z.object({ id, operationId, reason: deletionReason, force: z.boolean().optional() }).strict();

export const deleteResultSchema = z.object({ message: z.string(), approvalRequestId: z.string().optional() });

export const referralsListInputSchema = pageInputSchema
  .extend({
    /** One customer's referrals: referrals name their referrer by document id or by referral code. */
    referrer: z
      .object({ userId: id, code: z.string().trim().min(1).max(200).nullable().optional() })
      .strict()
      .nullable()
      .optional()
  })
  .strict();

export const referralRowSchema = z.object({
  id: z.string(),
  /** "Unknown" when no customer matches; null on one referrer's own list, where the page names them. */
  referrerName: z.string().nullable(),
  /** The referrer's document id when a customer matches (their page); null for "Unknown". */
  referrerUserId: z.string().nullable(),
  clientName: z.string().nullable(),
  clientEmail: z.string().nullable(),
  /** The platform records no status for referrals, so every one shows as Active (docs/product-rules.md §2). */
  clientStatus: z.literal('Active'),
  timestamp: isoDate
});
export type ReferralRow = z.output<typeof referralRowSchema>;
