import { z } from 'zod';
import { columnLayoutSchema } from './columns';

/**
 * What the administrator keeps on this computer about the lists they work (the preferences file of
 * the data folder): each list's page size, and saved views (a list's filters and order, named).
 */

/** The page sizes a list offers; 10 is the spec's and stays the default. */
export const pageSizes = [10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const pageSizeSchema = z.literal(pageSizes);

/** A page size as an address carries it (`?size=25`), when it is one the lists offer; null otherwise. */
export const pageSizeOf = (text: string | null): PageSize | null => pageSizes.find((size) => String(size) === text) ?? null;

/** The lists whose page size is chosen and remembered, each on its own. */
export const sizedLists = ['deposits', 'withdrawals', 'investments', 'compoundInvestments', 'investmentsDue', 'referrals'] as const;
export type SizedList = (typeof sizedLists)[number];

export const pageSizesSchema = z.partialRecord(z.enum(sizedLists), pageSizeSchema);
export type PageSizes = z.output<typeof pageSizesSchema>;

export const setPageSizeInputSchema = z.object({ list: z.enum(sizedLists), size: pageSizeSchema }).strict();

/** The screens a view can be saved on: the four money lists and the users list. */
export const viewScreens = ['deposits', 'withdrawals', 'investments', 'compoundInvestments', 'users'] as const;
export type ViewScreen = (typeof viewScreens)[number];

export const MAX_SAVED_VIEWS = 50;

const viewName = z.string().trim().min(1, 'Give the view a name.').max(60, 'Keep the name to 60 characters.');

/** The list's address after its path, without the "?": its filters and order as the URL carries them. */
const viewSearch = z
  .string()
  .max(1000)
  .regex(/^[^?#]*$/, 'A view keeps the filters of the address, without "?" or "#".');

/**
 * A view: its screen, its name, its filters and order, and the list's columns when it was saved (a view
 * saved before columns could be chosen has none and opens with the list's columns as they are).
 */
export const savedViewSchema = z.object({
  id: z.uuid(),
  screen: z.enum(viewScreens),
  name: viewName,
  search: viewSearch,
  columns: columnLayoutSchema.optional()
});
export type SavedView = z.output<typeof savedViewSchema>;

export const saveViewInputSchema = savedViewSchema.omit({ id: true }).strict();
export const renameViewInputSchema = z.object({ id: z.uuid(), name: viewName }).strict();
export const deleteViewInputSchema = z.object({ id: z.uuid() }).strict();
