import { describe, expect, it } from 'vitest';
import {
  checkFigure,
  compareIds,
  countCustomer,
  driftSentence,
  emptyTotals,
  figuresOf,
  noSums,
  recordCents,
  reconcileCustomer
} from '../../../src/shared/domain/reconciliation';

const sums = (records: number, adjustments = 0, unsummable = 0) => ({
  ...noSums(),
  records,
  recordCount: 1,
  adjustments,
  adjustmentCount: adjustments ? 1 : 0,
  unsummable
});

describe('reconciling a customer’s stored totals', () => {
  it('finds no drift when the stored figure equals its records plus its audited adjustments', () => {
    const check = checkFigure('Totaldeposit', 112.5, sums(10_000, 1_250));
    expect(check).toMatchObject({ stored: 112.5, records: 100, adjustments: 12.5, drift: 0, problem: null });
    expect(driftSentence(check)).toBeNull();
  });

  it('names the unexplained amount, either way, in dollars', () => {
    expect(driftSentence(checkFigure('Totaldeposit', 500, sums(45_000)))).toBe('Total deposit is $50.00 more than its records and adjustments explain.');
    expect(driftSentence(checkFigure('Totalwithdrawal', 0, sums(3_000)))).toBe('Total withdrawal is $30.00 less than its records and adjustments explain.');
  });

  it('sums in cents, so 0.1 + 0.2 deposits explain a stored 0.3', () => {
    const cents = (recordCents(0.1) ?? 0) + (recordCents(0.2) ?? 0);
    expect(checkFigure('Totaldeposit', 0.3, sums(cents)).drift).toBe(0);
  });

  it('never guesses an amount: text, NaN and missing amounts cannot be summed', () => {
    expect(recordCents('250.00')).toBeNull();
    expect(recordCents(Number.NaN)).toBeNull();
    expect(recordCents(undefined)).toBeNull();
    expect(recordCents(250)).toBe(25_000);
  });

  it('cannot check a stored figure that is not a number, and says so', () => {
    const check = checkFigure('Totaldeposit', 'lots', sums(0));
    expect(check).toMatchObject({ stored: null, drift: null });
    expect(check.problem).toBe('Total deposit is stored as "lots", not a number.');
  });

  it('checks Totalwithdrawals only where the document holds it; a missing figure is zero', () => {
    expect(figuresOf({ Totaldeposit: 1 })).toEqual(['Totaldeposit', 'Totalwithdrawal']);
    expect(figuresOf({ Totalwithdrawals: 30 })).toEqual(['Totaldeposit', 'Totalwithdrawal', 'Totalwithdrawals']);
    const checks = reconcileCustomer({ Totalwithdrawals: 30 }, { Totalwithdrawal: sums(3_000), Totalwithdrawals: sums(3_000) });
    expect(checks.map((c) => [c.figure, c.drift])).toEqual([
      ['Totaldeposit', 0],
      ['Totalwithdrawal', -30],
      ['Totalwithdrawals', 0]
    ]);
  });

  it('counts drifted customers and their net drift for the run', () => {
    const totals = emptyTotals();
    expect(countCustomer(totals, { id: 'a', data: {} }, reconcileCustomer({ Totaldeposit: 0 }, {}))).toBeNull();
    const kept = countCustomer(
      totals,
      { id: 'c', data: { fullname: ' Cat ', email: 'cat@example.com' } },
      reconcileCustomer({ Totaldeposit: 500 }, { Totaldeposit: sums(45_000) })
    );
    expect(kept).toMatchObject({ userId: 'c', fullname: 'Cat', email: 'cat@example.com' });
    expect(totals).toMatchObject({ customers: 2, drifted: 1, unreadable: 0, drift: { Totaldeposit: 5_000, Totalwithdrawal: 0 } });
  });
});

describe('the order the run merges in', () => {
  it('is Firestore’s (code points), not JavaScript’s UTF-16 order', () => {
    // U+FF5E sorts before U+1F600 by code point, after it by UTF-16 code unit.
    const ids = ['\u{1F600}', '\uFF5E', 'b', 'a', 'ab'];
    expect([...ids].sort(compareIds)).toEqual(['a', 'ab', 'b', '\uFF5E', '\u{1F600}']);
    expect([...ids].sort()).not.toEqual([...ids].sort(compareIds));
  });
});
