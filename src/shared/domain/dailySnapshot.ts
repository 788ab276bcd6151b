import type { Changeset } from './changeset';
import { flowNames, type FlowName } from './flows';
import { fail, ok, type Result } from '../result';

/**
 * The money's trend (docs/product-rules.md §10.7): once a day, what the platform owes and what moved
 * that day, kept at dailySnapshots/{YYYY-MM-DD}. The day is the platform's (settings/ledgerdesk.timeZone,
 * UTC until set). A day's snapshot is written once, after the day ended, by whichever comes first: the
 * platform's nightly function or the desktop's first opening the next day; a second writer finds it
 * and writes nothing.
 */

export const DAILY_SNAPSHOTS = 'dailySnapshots';
/** The most days the dashboard shows, and so reads (one document per day). */
export const TREND_DAYS = 90;

/** What the platform owes, as the dashboard's cards say it (src/shared/queries/owed.ts). */
export const owedNames = ['balances', 'pendingWithdrawals', 'activePrincipal', 'dueThisWeek'] as const;
export type OwedName = (typeof owedNames)[number];

export const owedLabels: Record<OwedName, string> = {
  balances: 'Customer balances',
  pendingWithdrawals: 'Pending withdrawals',
  activePrincipal: 'Active principal',
  dueThisWeek: 'Due this week'
};

/** How far ahead "due this week" looks: what matures within 7 days of the snapshot. */
export const DUE_WITHIN_MS = 7 * 86_400_000;

/** An amount in whole cents, with the records that could not be summed into it (text, NaN, infinite). */
export interface SnapshotAmount {
  cents: number;
  leftOut: number;
}

export interface DailySnapshot {
  /** The platform's day, YYYY-MM-DD: the document's id. */
  day: string;
  /** The zone the day was taken in. */
  timeZone: string;
  owed: Record<OwedName, SnapshotAmount>;
  flows: Record<FlowName, SnapshotAmount>;
  /** When the figures were asked (ISO). */
  takenAt: string;
  /** Who wrote it: the platform's nightly function, or an administrator's desktop. */
  takenBy: 'server' | 'desktop';
}

/** The calendar day `instant` falls on in `timeZone`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function offsetMinutes(timeZone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric'
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a YYYY-MM-DD day starts in `timeZone` (its midnight; 23 or 25 hours before the next
 * one around a daylight-saving change, so the next day's start is asked, never added).
 */
export function dayStart(timeZone: string, day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const first = offsetMinutes(timeZone, new Date(wall));
  const start = wall - first * 60_000;
  const second = offsetMinutes(timeZone, new Date(start));
  return new Date(wall - second * 60_000);
}

/**
 * The day a snapshot taken at `now` is of: the platform's last finished day. A day's snapshot is its
 * close: its flows complete, its owed figures as at the first chance after it ended.
 */
export const closedDay = (timeZone: string, now: Date): string => previousDay(dayIn(timeZone, now));

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The `days` days ending with `last`, oldest first. */
export function daysEndingWith(last: string, days: number): string[] {
  const [y, m, d] = last.split('-').map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) => new Date(Date.UTC(y, m - 1, d - (days - 1 - i))).toISOString().slice(0, 10));
}

const DAY_ID = /^\d{4}-\d{2}-\d{2}$/;

/** A stored amount, or nothing summed when the field is missing or odd. */
function amountOf(value: unknown): SnapshotAmount {
  const v = (value ?? {}) as Record<string, unknown>;
  const whole = (n: unknown) => (typeof n === 'number' && Number.isSafeInteger(n) ? n : null);
  const cents = whole(v.cents);
  return { cents: cents ?? 0, leftOut: (whole(v.leftOut) ?? 0) + (cents === null ? 1 : 0) };
}

/**
 * A stored snapshot as the dashboard reads it; null when the id is not a day. A figure missing or not
 * whole cents reads as 0 with one record left out, so the chart says something is missing instead of
 * drawing a wrong line.
 */
export function readDailySnapshot(id: string, data: Record<string, unknown>): DailySnapshot | null {
  if (!DAY_ID.test(id)) return null;
  const group = (value: unknown, names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, amountOf((value as Record<string, unknown> | undefined)?.[name])]));
  return {
    day: id,
    timeZone: typeof data.timeZone === 'string' ? data.timeZone : 'UTC',
    owed: group(data.owed, owedNames) as DailySnapshot['owed'],
    flows: group(data.flows, flowNames) as DailySnapshot['flows'],
    takenAt: typeof data.takenAt === 'string' ? data.takenAt : '',
    takenBy: data.takenBy === 'server' ? 'server' : 'desktop'
  };
}

/** The snapshot as stored: the day is the id; the rest as read back. */
export const storedSnapshot = ({ day: _day, ...rest }: DailySnapshot): Record<string, unknown> => ({ ...rest });

/**
 * The desktop's write of a day's snapshot, audited like any administrator write; refused when the
 * day already has one (the nightly function or another desktop wrote it first), so it is written once.
 */
export function takeDailySnapshot(existing: unknown | null, snapshot: DailySnapshot): Result<Changeset> {
  if (existing !== null) return fail('CONFLICT', `The snapshot of ${snapshot.day} was already taken; it is kept as it is.`);
  const path = `${DAILY_SNAPSHOTS}/${snapshot.day}`;
  return ok({
    changes: [{ path, set: storedSnapshot(snapshot), replace: true }],
    audit: {
      kind: 'reconciliation',
      action: 'dailySnapshot',
      entityPath: path,
      summary: `Daily snapshot of ${snapshot.day} (${snapshot.timeZone}) taken`,
      before: {},
      after: {},
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: `The snapshot of ${snapshot.day} was taken.`
  });
}
