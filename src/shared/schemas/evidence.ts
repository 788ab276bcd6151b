import { z } from 'zod';

/**
 * The Evidence screen (docs/product-rules.md §16.4): the signed daily digests, the check of the
 * chained records (records.verify) and a digest's file for an auditor to keep.
 */

/** A platform day as digests are named: YYYY-MM-DD. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.');

export const verifyRecordsInputSchema = z
  .object({ from: day.optional(), to: day.optional() })
  .strict()
  .refine(({ from, to }) => !from || !to || from <= to, { message: 'The range must start before it ends.', path: ['to'] });

export const brokenLinkSchema = z.object({
  /** The document found wrong, e.g. users/{id}/journal/{entryId}, auditLog/{id}, digests/{day}. */
  path: z.string(),
  /** What is wrong and what it should have been, in words. */
  reason: z.string()
});

export const verifyRecordsResultSchema = z.object({
  /** Entries, heads and digests checked. */
  checked: z.number().int().nonnegative(),
  broken: z.array(brokenLinkSchema),
  /** The public key the digests were checked against (settings, else the oldest digest's), or null with no digest. */
  publicKey: z.string().nullable()
});

export const digestRowSchema = z.object({
  day: z.string(),
  /** Epoch ms when the heads were read. */
  takenAt: z.number(),
  customers: z.number().int().nonnegative(),
  auditSeq: z.number().int().nonnegative(),
  /** The signing key's fingerprint: the first 16 hex digits of its public key. */
  signedBy: z.string()
});

export const digestListSchema = z.object({
  /** Newest first, at most 30. */
  digests: z.array(digestRowSchema),
  /** The key the platform published in its settings (hex), or null when none was. */
  publicKey: z.string().nullable()
});

export const digestFileInputSchema = z.object({ day }).strict();
export const digestFileSchema = z.object({
  fileName: z.string(),
  /** The kept digest file (the signed digest and the heads it covers), as JSON text. */
  text: z.string()
});

export type VerifyRecordsResult = z.output<typeof verifyRecordsResultSchema>;
export type DigestRow = z.output<typeof digestRowSchema>;
export type DigestList = z.output<typeof digestListSchema>;
export type DigestFile = z.output<typeof digestFileSchema>;
