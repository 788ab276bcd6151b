import { fail, ok, type Result } from '../result';

/**
 * Money is computed in integer cents and written back as numbers with two decimals, so 0.1 + 0.2
 * is 0.30 and a 5% bonus on 123.45 is 6.17, never 6.172500000000001.
 */
export type Cents = number;

const PLAIN_DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/** Rounds to the nearest cent; toPrecision absorbs binary noise (1.005 * 100 = 100.4999...). */
export const toCents = (amount: number): Cents => Math.round(Number.parseFloat((amount * 100).toPrecision(15)));

export const fromCents = (cents: Cents): number => cents / 100;

/** percent of an amount, rounded half up to the cent: 5% of 12345 cents is 617 cents. */
export const percentOf = (cents: Cents, percent: number): Cents => Math.round((cents * percent) / 100);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** $1,234.56 */
export const formatUsd = (amount: number): string => usd.format(amount);

const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

/**
 * The largest amount Ledgerdesk stores or computes, in either direction: one billion dollars.
 * Beyond it a typo or a forged document is far likelier than a real figure, and cents stop being
 * exact long before JavaScript numbers run out, so such amounts are refused rather than rounded.
 */
export const MAX_AMOUNT = 1_000_000_000;
const MAX_AMOUNT_CENTS: Cents = MAX_AMOUNT * 100;
const MAX_AMOUNT_TEXT = '$1,000,000,000.00';

/** Cents Ledgerdesk can compute with exactly: a safe integer no further from zero than MAX_AMOUNT. */
export const withinBounds = (cents: Cents): boolean => Number.isSafeInteger(cents) && Math.abs(cents) <= MAX_AMOUNT_CENTS;

/**
 * A figure a rule is about to write (a new total, a new balance): refused, naming the field, when it
 * would leave the bounds.
 */
export function checkResult(cents: Cents, field: string): Result<Cents> {
  if (withinBounds(cents)) return ok(cents);
  const shownAmount = Number.isFinite(cents) ? formatUsd(fromCents(cents)) : String(cents);
  return fail('VALIDATION', `${field} would become ${shownAmount}, beyond the ${MAX_AMOUNT_TEXT} Ledgerdesk handles, so nothing was changed.`);
}

/**
 * Reads an amount a money rule depends on. Plain decimal strings ("250.00") are accepted, because
 * some platforms store them; anything else (missing, "1,250", NaN, Infinity, negative, above
 * MAX_AMOUNT) is refused with a sentence naming the field, and nothing gets written.
 */
export function readAmount(value: unknown, field: string): Result<Cents> {
  if (value === undefined || value === null || value === '') return fail('VALIDATION', `${field} is missing.`);
  let amount: number;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && PLAIN_DECIMAL.test(value)) amount = Number(value);
  else return fail('VALIDATION', `${field} is not a number (${shown(value)}).`);
  if (!Number.isFinite(amount)) return fail('VALIDATION', `${field} is not a finite number (${shown(value)}).`);
  if (amount < 0) return fail('VALIDATION', `${field} is negative (${shown(value)}).`);
  const cents = toCents(amount);
  if (!withinBounds(cents)) return fail('VALIDATION', `${field} is more than ${MAX_AMOUNT_TEXT} (${shown(value)}).`);
  return ok(cents);
}

/** A running total on a customer (Totaldeposit, balance...): a missing one starts at zero. */
export function readTotal(value: unknown, field: string): Result<Cents> {
  if (value === undefined || value === null) return ok(0);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return fail('VALIDATION', `${field} is not a number (${shown(value)}), so it cannot be changed safely.`);
  }
  const cents = toCents(value);
  if (!withinBounds(cents)) {
    return fail('VALIDATION', `${field} is beyond ${MAX_AMOUNT_TEXT} either way (${shown(value)}), so it cannot be changed safely.`);
  }
  return ok(cents);
}
