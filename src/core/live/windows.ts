import type { MoneyFilters } from '../../shared/queries/lists';
import { statusLabel } from '../../shared/domain/statuses';
import type { LiveRow, WindowEntry } from '../ports/liveFeed';

/**
 * What changed between two snapshots of one watched window (the first records of a list in its
 * order). Pure, so the rules about what counts as "new" are tested without Firestore.
 */
export interface WindowChange {
  /** Records new to the window that are newer than what it held: requests that just arrived. */
  arrived: LiveRow[];
  /** Records in both snapshots whose fields changed. */
  changed: LiveRow[];
  /** Records the window no longer holds (decided elsewhere, deleted, or pushed down by newer ones). */
  exited: LiveRow[];
}

const same = (a: LiveRow, b: LiveRow) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `newestFirst`: the window is sorted newest first, so a record that enters it is new only if it
 * sorts above the oldest record the window held (one that slides in from below, because another
 * left, is old); a window that was not full takes every record that enters as new.
 */
export function compareWindows(previous: WindowEntry[] | null, next: WindowEntry[], size: number, newestFirst: boolean): WindowChange {
  if (previous === null) return { arrived: [], changed: [], exited: [] };
  const before = new Map(previous.map((entry) => [entry.row.id, entry]));
  const after = new Set(next.map((entry) => entry.row.id));
  const floor = previous.length >= size ? (previous.at(-1)?.at ?? null) : null;
  const isNew = (entry: WindowEntry) => newestFirst && (floor === null || (entry.at !== null && entry.at > floor));
  const arrived: LiveRow[] = [];
  const changed: LiveRow[] = [];
  for (const entry of next) {
    const was = before.get(entry.row.id);
    if (!was) {
      if (isNew(entry)) arrived.push(entry.row);
    } else if (!same(was.row, entry.row)) changed.push(entry.row);
  }
  const exited = previous.filter((entry) => !after.has(entry.row.id)).map((entry) => entry.row);
  return { arrived, changed, exited };
}

/** The list's date field on its rows ('timestamp' for deposits), as the list definition names it. */
type Dated = Record<string, unknown>;

/** Why a record left a filtered list, or null when it still belongs (it was only pushed off the first page). */
export function whyLeft(filters: MoneyFilters, dateField: string, now: LiveRow | null): string | null {
  if (now === null) return 'Deleted elsewhere.';
  if (filters.status && now.status !== filters.status) return `Now ${statusLabel(now.status)}: it no longer matches this view.`;
  const customer = filters.customer;
  const owner = (now as { userId?: string | null }).userId ?? null;
  if (customer && 'userId' in customer && owner !== customer.userId) return 'Moved to another customer.';
  if (customer && 'email' in customer && now.email !== customer.email) return 'Its e-mail changed: it no longer matches this view.';
  if ((filters.from || filters.to) && !withinDates(filters, (now as Dated)[dateField])) return 'Its date changed: it no longer matches this view.';
  return null;
}

/** An instant written with any offset ('...Z', '...-05:00'), in milliseconds; NaN when it is not one. */
const instant = (text: string | null | undefined): number => (text ? Date.parse(text) : NaN);

/**
 * Whether a row's date (UTC text) lies in the filter's range, whose ends carry the administrator's
 * offset: compared as instants, never as text, so 01:00 UTC is inside a New York evening's range.
 */
function withinDates(filters: MoneyFilters, date: unknown): boolean {
  const at = typeof date === 'string' ? instant(date) : NaN;
  if (Number.isNaN(at)) return false;
  const from = instant(filters.from);
  const to = instant(filters.to);
  return (Number.isNaN(from) || at >= from) && (Number.isNaN(to) || at <= to);
}
