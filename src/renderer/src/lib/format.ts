import { formatUsd } from '../../../shared/domain/money';

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/** Shown instead of a value that cannot be trusted (missing, NaN, unparsable). */
export const MISSING = '—';

/** $12,345.67 — always two decimals, so amounts line up in tables and cards. */
export function formatMoney(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? formatUsd(amount) : MISSING;
}

export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? count.format(value) : MISSING;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Nov 21, 2025, 2:32 PM */
export function formatDateTime(value: string | number | Date | null | undefined, fallback = MISSING): string {
  const date = toDate(value);
  return date ? dateTime.format(date) : fallback;
}

/** 2:32:05 PM */
export function formatTime(value: string | number | Date | null | undefined, fallback = MISSING): string {
  const date = toDate(value);
  return date ? time.format(date) : fallback;
}

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
