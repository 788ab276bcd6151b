import { describe, expect, it } from 'vitest';
import { parseAmount } from '@renderer/modules/customers/amount';

describe('the amount typed in Manage', () => {
  it.each([
    ['150', 150],
    ['99.5', 99.5],
    ['0.75', 0.75],
    ['.5', 0.5],
    [' 1250.50 ', 1250.5]
  ])('%j is the amount %d', (text, value) => {
    expect(parseAmount(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'Enter an amount, for example 150 or 99.50.'],
    ['   ', 'Enter an amount, for example 150 or 99.50.'],
    ['1,2', 'Use a dot for decimals and no thousands separators, for example 1250.50.'],
    ['1,250.50', 'Use a dot for decimals and no thousands separators, for example 1250.50.'],
    ['abc', 'Enter a number, for example 150 or 99.50.'],
    ['1e3', 'Enter a number, for example 150 or 99.50.'],
    ['-5', 'Enter a number, for example 150 or 99.50.'],
    ['12.', 'Enter a number, for example 150 or 99.50.'],
    ['0.001', 'Use at most two decimals (cents).'],
    ['0', 'Enter an amount greater than zero.'],
    ['0.00', 'Enter an amount greater than zero.']
  ])('%j is refused: %s', (text, message) => {
    expect(parseAmount(text)).toEqual({ ok: false, message });
  });
});
