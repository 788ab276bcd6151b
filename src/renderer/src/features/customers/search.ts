import type { CustomerRow } from '@shared/contract';

/** A row of the customers table: a loaded page's, or one found by pressing Enter (Firestore search) beyond them. */
export interface ListedCustomer extends CustomerRow {
  /** Not in the loaded pages: found by pressing Enter. */
  foundBySearch?: boolean;
}

/** docs/product-rules.md §6.1: a case-insensitive substring of the full name or of the e-mail. */
export function matchesCustomer(row: CustomerRow, needle: string): boolean {
  if (!needle) return true;
  return (row.fullname?.toLowerCase().includes(needle) ?? false) || (row.email?.toLowerCase().includes(needle) ?? false);
}

export const normalizeSearch = (text: string) => text.trim().toLowerCase();

/** What pressing Enter found, in words. */
export function searchSummary(extra: number, limitReached: boolean, limit: number): string {
  const more = extra === 0 ? 'No other customers match.' : `Also searched all customers: ${extra} more found beyond the loaded pages.`;
  return limitReached ? `${more} Firestore returned its first ${limit} matches per field; type more of the e-mail or name to narrow it.` : more;
}
