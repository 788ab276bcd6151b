import { z } from 'zod';

/** The top bar's search: a pasted id or transaction id opens its record, an e-mail or a name offers customers (deleted ones too). */

export const recordKinds = ['deposit', 'withdrawal', 'investment', 'compoundInvestment', 'user', 'archivedUser'] as const;
export type RecordKind = (typeof recordKinds)[number];

export const findInputSchema = z.object({ query: z.string().trim().min(1).max(1500) }).strict();

export const recordMatchSchema = z.object({
  kind: z.enum(recordKinds),
  id: z.string(),
  /** What the administrator recognises: "Deposit of $250.00 by olivia@example.com", or a name. */
  label: z.string(),
  detail: z.string().nullable(),
  /** The customer the record belongs to, when it names one (their page). */
  userId: z.string().nullable()
});
export type RecordMatch = z.output<typeof recordMatchSchema>;

export const findResultSchema = z.object({
  matches: z.array(recordMatchSchema),
  /** Documents read to answer (at most 25 for a name or e-mail, 6 for an id, 10 more for a transaction id). */
  documentsRead: z.number().int().nonnegative()
});
export type FindResult = z.output<typeof findResultSchema>;
