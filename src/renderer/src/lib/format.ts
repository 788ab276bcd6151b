import { formatUsd } from '../../../shared/domain/money';
import { isUtc, timeZoneName } from '../../../shared/domain/timeZone';

/**
 * Every date, time and amount the screens show is written here, one way, and nowhere else (a unit
 * test greps the renderer for toLocale*, Intl.DateTimeFormat and date-fns' format outside this file):
 * - dates and times in the administrator's locale (the operating system's) and in ONE zone: the
 *   one this computer shows times in (its own, UTC or the platform's: app/layout/times-shown-in.ts pins it
 *   with setFormatPlace), named wherever a time is shown ("14:05 UTC", "Nov 28, 2026, 2:05 PM
 *   Europe/Berlin"); a list's From/To day starts and ends in that zone (dayInstant);
 * - money always as US dollars with two decimals ("$1,234.50"), as the platform's e-mails write it;
 *   counts and percentages with the English grouping of the words around them.
 * CSV files keep ISO 8601 times, read by programs, in the same zone: its offset on each time
 * (isoInZone) and its name in each time column's header (src/shared/export/csv.ts).
 */

interface Place {
  locale: string;
  timeZone: string;
}

const system = (): Place => {
  const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions();
  return { locale, timeZone };
};

let place: Place = system();
const formats = new Map<string, Intl.DateTimeFormat>();

/** Pins the locale and the zone (the zone chosen for this computer; tests describe a place); null goes back to the operating system's. */
export function setFormatPlace(pinned: Partial<Place> | null): void {
  const next = pinned ? { ...system(), ...pinned } : system();
  if (next.locale === place.locale && next.timeZone === place.timeZone) return;
  place = next;
  formats.clear();
}

/** The zone times are shown and days are read in: "Europe/Paris". */
export const localTimeZone = (): string => place.timeZone;

/** This computer's own zone, whatever zone times are shown in. */
export const computerTimeZone = (): string => system().timeZone;

/** The name a time carries: "UTC", "Europe/Berlin". */
export const zoneName = (timeZone: string = place.timeZone): string => timeZoneName(timeZone);

function dateFormat(options: Intl.DateTimeFormatOptions, timeZone = place.timeZone): Intl.DateTimeFormat {
  const key = JSON.stringify([options, timeZone]);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(place.locale, { ...options, timeZone })));
  return format;
}

/** Shown instead of a value that cannot be trusted (missing, NaN, unparsable). */
export const MISSING = '—';

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const share = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/** $12,345.67: always two decimals, so amounts line up in tables and cards. */
export function formatMoney(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? formatUsd(amount) : MISSING;
}

export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? count.format(value) : MISSING;
}

/** 12.5 -> "12.5" (a rate stored as a percentage, up to two decimals). */
export const formatPercent = (value: number | null): string => (value === null ? MISSING : percent.format(value));

/** 0.25 -> "25%", and never "0%" for a few out of many: "<1%". */
export const formatShare = (ratio: number): string => (ratio > 0 && ratio < 0.01 ? '<1%' : share.format(ratio));

type Instant = string | number | Date | null | undefined;

function toDate(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 21, 2026, 2:32 PM UTC" (en-US), "21 Nov 2026, 15:32 Europe/Paris" (en-GB): the zone is named. */
export function formatDateTime(value: Instant, fallback = MISSING): string {
  const date = toDate(value);
  return date ? `${dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date)} ${zoneName()}` : fallback;
}

/** "2:32:05 PM UTC" */
export function formatTime(value: Instant, fallback = MISSING): string {
  const date = toDate(value);
  return date ? `${dateFormat({ timeStyle: 'medium' }).format(date)} ${zoneName()}` : fallback;
}

/**
 * An instant as ISO 8601 in the shown zone, with its offset: "2026-11-21T15:32:05.000+01:00", or
 * "…Z" in UTC. The same instant a program reads, at the wall time the screen shows. Text that is
 * not an instant stays as it is, so a file never hides what is stored.
 */
export function isoInZone(value: string): string {
  const date = toDate(value);
  if (!date) return value;
  const offset = zoneOffsetMinutes(place.timeZone, date);
  const wall = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 23);
  return `${wall}${isUtc(place.timeZone) ? 'Z' : offsetText(offset)}`;
}

/** The day of an instant in the shown zone, no time: "Nov 21, 2026". */
export function formatDate(value: Instant, fallback = MISSING): string {
  const date = toDate(value);
  return date ? dateFormat({ dateStyle: 'medium' }).format(date) : fallback;
}

/**
 * A date that is a calendar date whatever the zone (a birthday, a document's expiry), stored at
 * midnight UTC: read in UTC so nobody's birthday moves a day. "April 11, 2003".
 */
export function formatCalendarDate(value: Instant, fallback = MISSING): string {
  const date = toDate(value);
  return date ? dateFormat({ dateStyle: 'long' }, 'UTC').format(date) : fallback;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day, YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const utcDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/**
 * A calendar day (YYYY-MM-DD) in words: "21 Nov 2026" (en-GB), "Nov 21, 2026" (en-US); `short`
 * leaves the year out ("21 Nov"), `weekday` adds it ("Sat, Nov 21, 2026").
 */
export function formatDay(day: string, style: 'full' | 'short' | 'weekday' = 'full'): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
  if (style !== 'short') options.year = 'numeric';
  if (style === 'weekday') options.weekday = 'short';
  return dateFormat(options, 'UTC').format(utcDay(day));
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** Today (or `now`) as the administrator's calendar day, YYYY-MM-DD. */
export function localDay(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    dateFormat({ year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((p) => [p.type, p.value])
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Minutes east of UTC in `timeZone` at `instant` (Paris in winter: 60). */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** 60 -> "+01:00", -330 -> "-05:30", 0 -> "+00:00". */
export const offsetText = (minutes: number): string => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/**
 * A wall-clock time of a calendar day in `timeZone`, as the instant with its offset:
 * ("2026-11-21", "start", "Europe/Paris") -> "2026-11-21T00:00:00.000+01:00";
 * "end" is the last millisecond of that day, 23:59:59.999.
 */
export function dayInstant(day: string, edge: 'start' | 'end', timeZone: string = localTimeZone()): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = edge === 'start' ? Date.UTC(y, m - 1, d, 0, 0, 0, 0) : Date.UTC(y, m - 1, d, 23, 59, 59, 999);
  // The offset at the wall time read as UTC is close; read again at the instant it gives, for
  // days where the offset changes (summer time).
  const first = zoneOffsetMinutes(timeZone, new Date(wall));
  const offset = zoneOffsetMinutes(timeZone, new Date(wall - first * 60_000));
  const time = edge === 'start' ? '00:00:00.000' : '23:59:59.999';
  return `${day}T${time}${offsetText(offset)}`;
}

/** "Times in Europe/Paris (UTC+01:00)", "Times in UTC": the zone dates are entered and shown in. */
export const zoneLabel = (timeZone: string = localTimeZone(), now: Date = new Date()): string =>
  isUtc(timeZone) ? 'Times in UTC' : `Times in ${timeZone} (${zoneOffsetLabel(timeZone, now)})`;

/** "UTC+01:00": how far a zone is from UTC now. */
export const zoneOffsetLabel = (timeZone: string, now: Date = new Date()): string => `UTC${offsetText(zoneOffsetMinutes(timeZone, now))}`;

/** 1 -> "1 day", 3 -> "3 days": the number as is (no thousands separator), the unit plus "s" unless 1. */
export const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 120000 -> "2 minutes", 60000 -> "1 minute", 90000 -> "1 minute 30 seconds", 45000 -> "45 seconds". */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  if (totalSeconds < 60) return plural(totalSeconds, 'second');
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return seconds === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(seconds, 'second')}`;
}
