import { describe, expect, it } from 'vitest';
import { checkResult, formatUsd, fromCents, MAX_AMOUNT, percentOf, readAmount, readTotal, toCents, withinBounds } from '@shared/domain/money';

describe('money in cents', () => {
  it.each([
    [0.1, 10],
    [0.2, 20],
    [1.005, 101],
    [123.45, 12345],
    [19.999, 2000],
    [1e6, 100_000_000]
  ])('%s dollars are %s cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('adds 0.1 and 0.2 to exactly 0.30', () => {
    expect(fromCents(toCents(0.1) + toCents(0.2))).toBe(0.3);
  });

  it('rounds the 5% referral bonus to the cent: 123.45 -> 6.17', () => {
    expect(fromCents(percentOf(toCents(123.45), 5))).toBe(6.17);
    expect(fromCents(percentOf(toCents(0.3), 5))).toBe(0.02); // 1.5 cents rounds half up
    expect(fromCents(percentOf(toCents(0.09), 5))).toBe(0);
  });

  it('formats as dollars with two decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});

describe('reading an amount a money rule depends on', () => {
  it.each([
    [250, 25000],
    ['250.00', 25000],
    [' 99.5 ', 9950],
    [0, 0]
  ])('accepts %j', (value, cents) => {
    expect(readAmount(value, 'The deposit amount')).toEqual({ ok: true, value: cents });
  });

  it.each([
    [undefined, 'The deposit amount is missing.'],
    [null, 'The deposit amount is missing.'],
    ['', 'The deposit amount is missing.'],
    ['1,250.00', 'The deposit amount is not a number ("1,250.00").'],
    ['ten', 'The deposit amount is not a number ("ten").'],
    [Number.NaN, 'The deposit amount is not a finite number (NaN).'],
    [Number.POSITIVE_INFINITY, 'The deposit amount is not a finite number (Infinity).'],
    [-5, 'The deposit amount is negative (-5).'],
    ['-5', 'The deposit amount is negative ("-5").'],
    [true, 'The deposit amount is not a number (true).']
  ])('refuses %j, naming the field', (value, message) => {
    expect(readAmount(value, 'The deposit amount')).toEqual({ ok: false, error: { code: 'VALIDATION', message } });
  });

  it('treats a missing running total as zero but refuses a broken one', () => {
    expect(readTotal(undefined, 'Totaldeposit')).toEqual({ ok: true, value: 0 });
    expect(readTotal(10.1, 'Totaldeposit')).toEqual({ ok: true, value: 1010 });
    const broken = readTotal('abc', 'Totaldeposit');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('Totaldeposit') });
  });
});

describe('the $1,000,000,000.00 bound', () => {
  it('accepts up to $1,000,000,000.00 and refuses one cent more, naming the field', () => {
    expect(MAX_AMOUNT).toBe(1_000_000_000);
    expect(readAmount(1_000_000_000, 'The deposit amount')).toEqual({ ok: true, value: 100_000_000_000 });
    expect(readAmount('1000000000.00', 'The deposit amount')).toEqual({ ok: true, value: 100_000_000_000 });
    expect(readAmount(1_000_000_000.01, 'The deposit amount')).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The deposit amount is more than $1,000,000,000.00 (1000000000.01).' }
    });
    expect(readAmount('99999999999999999999', 'The deposit amount')).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'The deposit amount is more than $1,000,000,000.00 ("99999999999999999999").' }
    });
    expect(readAmount(Number.MAX_VALUE, 'The withdrawal amount').ok).toBe(false);
  });

  it('refuses a stored total beyond the bound either way', () => {
    expect(readTotal(-1_000_000_000, 'balance')).toEqual({ ok: true, value: -100_000_000_000 });
    for (const value of [1e15, -1e15, Number.MAX_SAFE_INTEGER]) {
      const result = readTotal(value, 'balance');
      expect(result.ok ? null : result.error).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/^balance is beyond \$1,000,000,000\.00/) });
    }
  });

  it('refuses a result beyond the bound, or cents that are not a safe integer', () => {
    expect(withinBounds(100_000_000_000)).toBe(true);
    expect(withinBounds(-100_000_000_000)).toBe(true);
    expect(withinBounds(100_000_000_001)).toBe(false);
    expect(withinBounds(0.5)).toBe(false);
    expect(withinBounds(Number.NaN)).toBe(false);
    expect(checkResult(100_000_000_001, 'Balance')).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'Balance would become $1,000,000,000.01, beyond the $1,000,000,000.00 Ledgerdesk handles, so nothing was changed.' }
    });
    expect(checkResult(42, 'Balance')).toEqual({ ok: true, value: 42 });
  });
});
