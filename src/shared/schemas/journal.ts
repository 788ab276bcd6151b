import { z } from 'zod';
import { journalFields, journalWriterKinds } from '../domain/journal';
import { id } from './common';
import { pageInputSchema } from './lists';

/** Schemas of a customer's journal and statement (docs/product-rules.md §6.10). */

/** A money field on one side of a change: the amount, or the stored value it could not be read from; both null: absent. */
export const journalAmountSchema = z.object({ amount: z.number().nullable(), unreadable: z.string().nullable() });
export type JournalAmountView = z.output<typeof journalAmountSchema>;

export const journalWriterSchema = z.object({
  kind: z.enum(journalWriterKinds),
  id: z.string().nullable(),
  /** An administrator's e-mail, from the audit entry of their change; absent when the journal knows none. */
  email: z.string().optional()
});
export type JournalWriterView = z.output<typeof journalWriterSchema>;

export const journalChangeSchema = z.object({
  field: z.enum(journalFields),
  before: journalAmountSchema,
  after: journalAmountSchema,
  /** after - before; null when a side is unreadable. */
  change: z.number().nullable()
});

export const journalEntrySchema = z.object({
  id: z.string(),
  at: z.string().nullable(),
  /** `genesis`: the start of the customer's chain, recording the balance found; it changes nothing. */
  kind: z.enum(['created', 'updated', 'deleted', 'genesis']),
  changes: z.array(journalChangeSchema),
  /** The balance after this write: the running balance. */
  balance: journalAmountSchema,
  writer: journalWriterSchema,
  auditId: z.string().nullable(),
  outside: z.boolean()
});
export type JournalEntry = z.output<typeof journalEntrySchema>;

/** A page of the journal, newest first (25 a page); outsideOnly keeps the changes made outside Ledgerdesk. */
export const journalInputSchema = pageInputSchema.extend({ id, outsideOnly: z.boolean().optional() }).strict();

const instant = z.iso.datetime({ offset: true });

/** A period of the administrator's calendar, as the instants it starts and ends at. */
export const statementInputSchema = z
  .object({ id, from: instant, to: instant })
  .strict()
  .refine(({ from, to }) => Date.parse(from) < Date.parse(to), { message: 'The statement must start before it ends.', path: ['to'] });

export const statementMovementSchema = z.object({
  id: z.string(),
  at: z.string(),
  before: journalAmountSchema,
  /** The balance this movement left. */
  running: journalAmountSchema,
  change: z.number().nullable(),
  writer: journalWriterSchema,
  auditId: z.string().nullable(),
  outside: z.boolean(),
  /** The balance before it differs from the one the previous line left: a change the journal did not record came between. */
  gap: z.boolean()
});
export type StatementMovement = z.output<typeof statementMovementSchema>;

export const statementSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  /** When the customer's journal begins; null: it has no entry. */
  journalSince: z.string().nullable(),
  /** Whether the journal existed when the period opened; if not, figures before journalSince are not covered. */
  complete: z.boolean(),
  /** null: the journal says nothing of the balance in this period. */
  opening: journalAmountSchema.nullable(),
  movements: z.array(statementMovementSchema),
  closing: journalAmountSchema.nullable()
});
export type Statement = z.output<typeof statementSchema>;

/** Electron prints the page on screen (its print stylesheet keeps just the statement) to a PDF where the administrator chooses. */
export const savePdfInputSchema = z.object({ suggestedName: z.string().min(1).max(200) }).strict();
