import { z } from 'zod';

/**
 * Which columns a list shows, in what order, how wide, and how tall its rows are: chosen by the
 * administrator per list and kept on this computer (the preferences file), and kept by a saved view.
 * Only what differs from the list's own default is stored, so a list never touched has no entry and
 * a column added by a later version shows up in its place.
 */

/** Every list whose columns can be chosen; a review list shown as a customer page's tab is a list of its own. */
export const columnLists = [
  'deposits',
  'withdrawals',
  'investments',
  'compoundInvestments',
  'investmentsDue',
  'users',
  'referrals',
  'auditActivity',
  'mailOutbox',
  'deletedUsers',
  'reconciliationDrifted',
  'reconciliationRuns',
  'customerDeposits',
  'customerWithdrawals',
  'customerInvestments',
  'customerCompoundInvestments',
  'customerReferrals',
  'customerAudit',
  'customerMail',
  'customerNotes',
  'customerJournal'
] as const;
export type ColumnList = (typeof columnLists)[number];

export const densities = ['comfortable', 'compact'] as const;
export type Density = (typeof densities)[number];
export const DEFAULT_DENSITY: Density = 'comfortable';

/** A column narrower than this cannot be read; wider than this pushes the rest off screen. */
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 800;

/** A column's stable id, as its list names it in code (e.g. "amount", "changeStatus"). */
const columnId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/);
const MAX_COLUMNS = 40;

export const columnLayoutSchema = z
  .object({
    /** Every column's id in the order chosen; absent: the list's own order. */
    order: z.array(columnId).max(MAX_COLUMNS).optional(),
    /** Columns the administrator hid; a column the list requires is shown whatever this says. */
    hidden: z.array(columnId).max(MAX_COLUMNS).optional(),
    /** Widths in CSS pixels of the columns resized by hand; the others size to their content. */
    widths: z.record(columnId, z.number().int().min(MIN_COLUMN_WIDTH).max(MAX_COLUMN_WIDTH)).optional(),
    density: z.enum(densities).optional()
  })
  .strict();
export type ColumnLayout = z.output<typeof columnLayoutSchema>;

export const columnLayoutsSchema = z.partialRecord(z.enum(columnLists), columnLayoutSchema);
export type ColumnLayouts = z.output<typeof columnLayoutsSchema>;

/** A list's layout as now chosen; null puts the list back to its default. */
export const setColumnLayoutInputSchema = z.object({ list: z.enum(columnLists), layout: columnLayoutSchema.nullable() }).strict();

/** The layouts of a preferences file this version can read: a list it does not know or a layout it cannot read is left out. */
export function readableLayouts(stored: Record<string, unknown>): ColumnLayouts {
  const listSchema = z.enum(columnLists);
  const kept: ColumnLayouts = {};
  for (const [list, layout] of Object.entries(stored)) {
    const known = listSchema.safeParse(list);
    const readable = columnLayoutSchema.safeParse(layout);
    if (known.success && readable.success) kept[known.data] = readable.data;
  }
  return kept;
}
