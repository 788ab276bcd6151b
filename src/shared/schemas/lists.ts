import { z } from 'zod';
import { listOrders } from '../queries/order';
import { id } from './common';

/** What every paged list takes: where the page starts, and the filters of the review queues. */

/** The four money lists, by the name their contract methods carry ('deposits.list', 'withdrawals.setStatus'). */
export const moneyListNames = ['deposits', 'withdrawals', 'investments', 'compoundInvestments'] as const;
export type MoneyListName = (typeof moneyListNames)[number];

/** Opaque: the nextCursor of the previous page (base64url), checked again by the main process. */
const cursor = z
  .string()
  .min(1)
  .max(4000)
  .regex(/^[A-Za-z0-9_-]+$/, 'A page cursor is the nextCursor of the page before.');

export const pageInputSchema = z
  .object({
    cursor: cursor.nullable().optional(),
    /** Bigger pages for CSV export; screens use the default size of each list. */
    pageSize: z.number().int().min(1).max(500).optional()
  })
  .strict();

/** A customer as a list filter: by document id, or by e-mail where the records carry only that. */
export const customerFilterSchema = z.union([z.object({ userId: id }).strict(), z.object({ email: z.string().trim().min(1).max(320) }).strict()]);

/** An instant with its offset ("2026-11-21T00:00:00.000+01:00"): the screen sends the administrator's day. */
const instant = z.iso.datetime({ offset: true });

/** The date range and order every dated list takes. */
export const rangeAndOrder = {
  from: instant.nullable().optional(),
  to: instant.nullable().optional(),
  order: z.enum(listOrders).optional()
};

/** The filters of a money list whose statuses the given schema allows. */
const moneyFilterFields = <S extends z.ZodType>(status: S) => ({
  status: status.nullable().optional(),
  customer: customerFilterSchema.nullable().optional(),
  from: rangeAndOrder.from,
  to: rangeAndOrder.to
});
const moneyFilters = <T extends readonly [string, ...string[]]>(statuses: T) => moneyFilterFields(z.enum(statuses));

/**
 * A money list's filters as the main process narrows any of the four lists by them (a status is
 * the list's own, checked by its contract method before it gets here).
 */
export const moneyFiltersSchema = z.object({ ...moneyFilterFields(z.string()), order: rangeAndOrder.order });
export type MoneyFilters = z.output<typeof moneyFiltersSchema>;

/** A money list's filters without paging: the status tabs' counts take these. */
export const moneyCountsInputSchema = <T extends readonly [string, ...string[]]>(statuses: T) =>
  z.object({ ...moneyFilters(statuses), status: z.undefined().optional() }).strict();

export const moneyListInputSchema = <T extends readonly [string, ...string[]]>(statuses: T) =>
  pageInputSchema
    .extend({
      ...moneyFilters(statuses),
      order: rangeAndOrder.order,
      /** Start the first page at this record (a record opened by id). */
      focus: id.nullable().optional()
    })
    .strict();

/** Per status, within the other filters: the tabs' "Pending 37". */
export const statusCountsSchema = z.object({
  all: z.number().int().nonnegative(),
  statuses: z.record(z.string(), z.number().int().nonnegative())
});
export type StatusCounts = z.output<typeof statusCountsSchema>;

/**
 * The users list's KYC filter: a stored `kyc.status`, "none" (counted, not listable) or "expired"
 * (approved, and its expiryDate has passed: listed by expiry date).
 */
export const kycStatuses = ['none', 'pending', 'approved', 'rejected', 'resubmissionRequested', 'expired'] as const;
export type KycStatus = (typeof kycStatuses)[number];

export const usersListInputSchema = pageInputSchema
  .extend({
    verified: z.boolean().nullable().optional(),
    kyc: z.enum(kycStatuses).nullable().optional(),
    order: rangeAndOrder.order
  })
  .strict();

export const verificationCountsSchema = z.object({
  all: z.number().int().nonnegative(),
  verified: z.object({ yes: z.number().int().nonnegative(), no: z.number().int().nonnegative() }),
  kyc: z.object({
    none: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    approved: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    resubmissionRequested: z.number().int().nonnegative(),
    /** Among the approved: their expiryDate has passed. */
    expired: z.number().int().nonnegative()
  })
});
export type VerificationCounts = z.output<typeof verificationCountsSchema>;
