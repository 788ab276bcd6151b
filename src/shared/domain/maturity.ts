import { fail, ok, type Result } from '../result';
import { percentOf, readAmount, type Cents } from './money';
import { StoredTimestamp } from './stored';

/**
 * When an investment matures and what it owes then (docs/product-rules.md §5.7). Maturity is not
 * stored: it is the creation date plus the plan's duration in whole days (a compound investment
 * carries its own end date). A field that is missing or cannot be read gives the reason, never a
 * guessed date or amount.
 */

export const DAY_MS = 86_400_000;

/** A stored instant as a Date: a Firestore timestamp, a Date, an ISO string or milliseconds; null otherwise. */
export function instantOf(value: unknown): Date | null {
  if (value instanceof StoredTimestamp) return new Date(value.toMillis());
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** A plan's duration as Ledgerdesk can count it: a whole number of days, at least 1. */
export const isDuration = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 36_500;

const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

/** createdAt + duration days, or why it cannot be told. */
export function maturityOf(createdAt: unknown, duration: unknown): Result<Date> {
  const created = instantOf(createdAt);
  if (!created) {
    return fail(
      'VALIDATION',
      createdAt === undefined || createdAt === null
        ? 'It has no creation date, so its maturity is unknown.'
        : `Its creation date (${shown(createdAt)}) is not a date, so its maturity is unknown.`
    );
  }
  if (!isDuration(duration)) {
    return fail(
      'VALIDATION',
      duration === undefined || duration === null
        ? 'It has no duration, so its maturity is unknown.'
        : `Its duration (${shown(duration)}) is not a whole number of days, so its maturity is unknown.`
    );
  }
  return ok(new Date(created.getTime() + duration * DAY_MS));
}

/** A compound investment's own end date (`endAt`), or why it cannot be told. */
export function compoundMaturityOf(endAt: unknown): Result<Date> {
  const end = instantOf(endAt);
  if (end) return ok(end);
  return fail(
    'VALIDATION',
    endAt === undefined || endAt === null ? 'It has no end date, so its maturity is unknown.' : `Its end date (${shown(endAt)}) is not a date.`
  );
}

/** The ROI an investment owes at maturity: amount x roi %, rounded to the cent; or why it cannot be told. */
export function roiDueOf(amount: unknown, roi: unknown): Result<{ principal: Cents; roi: Cents }> {
  const principal = readAmount(amount, 'Its amount');
  if (!principal.ok) return principal;
  if (typeof roi !== 'number' || !Number.isFinite(roi) || roi < 0 || roi > 10_000) {
    return fail(
      'VALIDATION',
      roi === undefined || roi === null ? 'It has no ROI, so what it owes is unknown.' : `Its ROI (${shown(roi)}) is not a percentage.`
    );
  }
  return ok({ principal: principal.value, roi: percentOf(principal.value, roi) });
}

/**
 * How far maturity is from now in whole days: `left` days before it (a part of a day counts as
 * one: "1 day left" until the moment), or `overdue` days after it (0 on the day it matured).
 */
export type MaturityDistance = { kind: 'left'; days: number } | { kind: 'overdue'; days: number };

export function distanceTo(maturesAt: Date, now: Date): MaturityDistance {
  const ms = maturesAt.getTime() - now.getTime();
  return ms > 0 ? { kind: 'left', days: Math.ceil(ms / DAY_MS) } : { kind: 'overdue', days: Math.floor(Math.abs(ms) / DAY_MS) };
}

/** "3 days left", "1 day left", "Due today", "2 days overdue". */
export function distanceText(distance: MaturityDistance): string {
  const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
  if (distance.kind === 'left') return `${days(distance.days)} left`;
  return distance.days === 0 ? 'Due today' : `${days(distance.days)} overdue`;
}
