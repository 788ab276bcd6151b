import type { ListOrder } from '@shared/queries/lists';
import { formatDay, localDay } from '../../lib/format';
import type { ReviewListView } from './view';

/** How the filters are said on screen and in a file name. Pure, so both are unit-tested. */

/** "between 1 Nov and 21 Nov 2026", "since 1 Nov 2026", "until 21 Nov 2026", or "" without dates. */
export function rangeText(from: string | null, to: string | null): string {
  if (from && to) {
    const sameYear = from.slice(0, 4) === to.slice(0, 4);
    return from === to ? `on ${formatDay(from)}` : `between ${formatDay(from, sameYear ? 'short' : 'full')} and ${formatDay(to)}`;
  }
  if (from) return `since ${formatDay(from)}`;
  if (to) return `until ${formatDay(to)}`;
  return '';
}

/**
 * What an empty filtered list says, naming every filter that narrowed it:
 * "No pending withdrawals for olivia@example.com between 1 Nov and 21 Nov 2026."
 */
export function emptyText(nounMany: string, filters: Pick<ReviewListView, 'status' | 'from' | 'to'>, customerLabel: string | null): string {
  const parts = [`No ${filters.status ? `${filters.status} ` : ''}${nounMany}`];
  if (customerLabel) parts.push(`for ${customerLabel}`);
  const range = rangeText(filters.from, filters.to);
  if (range) parts.push(range);
  return `${parts.join(' ')}.`;
}

/** Characters that are safe in a file name on Windows, macOS and Linux; anything else becomes "-". */
const safe = (part: string) =>
  part
    .replace(/[^A-Za-z0-9@._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|-+$/g, '');

/**
 * The export's file name says which filters made it:
 * withdrawals-pending-olivia@example.com-2026-11-01-to-2026-11-21-oldest.csv.
 * The order is named unless newest first; without dates the file is dated the day it was made
 * (deposits-2026-11-21.csv), so two exports of a moving list do not share a name.
 */
export function exportFileName(
  base: string,
  filters: Pick<ReviewListView, 'status' | 'from' | 'to'>,
  customerLabel: string | null,
  order: ListOrder,
  now: Date = new Date()
): string {
  const parts = [base];
  if (filters.status) parts.push(filters.status);
  if (customerLabel) parts.push(customerLabel);
  if (filters.from && filters.to) parts.push(`${filters.from}-to-${filters.to}`);
  else if (filters.from) parts.push(`from-${filters.from}`);
  else if (filters.to) parts.push(`to-${filters.to}`);
  if (order !== 'newest') parts.push(order);
  if (!filters.from && !filters.to) parts.push(localDay(now));
  const name = parts.map(safe).filter(Boolean).join('-');
  return `${name.slice(0, 200)}.csv`;
}

/** The note about records the list cannot show: they lack the field it is sorted by. */
export const unlistedField = (order: ListOrder, dateField: string): string => (order === 'largest' ? 'numeric amount' : dateField);

export const orderLabels: Record<ListOrder, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  largest: 'Largest amount first'
};
