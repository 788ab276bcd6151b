import { describe, expect, it } from 'vitest';
import { addToTally, compareFigures, figuresOfSummary, figuresOfTally, newTally } from '../../../../tools/bench/tally';

describe('the in-memory tally', () => {
  it('counts statuses and sums numeric settled amounts in cents, leaving text amounts out', () => {
    const t = newTally();
    addToTally(t, { status: 'success', amount: 0.1 }, 'success');
    addToTally(t, { status: 'success', amount: 0.2 }, 'success');
    addToTally(t, { status: 'success', amount: '1,234.00' }, 'success');
    addToTally(t, { status: 'success' }, 'success');
    addToTally(t, { status: 'pending', amount: 50 }, 'success');
    addToTally(t, { amount: 50 }, 'success');
    expect(t).toEqual({ total: 6, byStatus: { success: 4, pending: 1, '(none)': 1 }, settledCents: 30, leftOut: 2 });
    expect(figuresOfTally(t, 'success', 'failed')).toEqual({ total: 6, settled: 4, pending: 1, other: 0, amountCents: 30, leftOut: 2 });
  });
});

describe('compareFigures', () => {
  const summary = {
    withdrawals: { total: 3, approved: 1, pending: 1, rejected: 1, approvedAmount: 10.5, leftOut: 0, notFinite: 0 },
    deposits: { total: 2, success: 1, pending: 1, failed: 0, successAmount: 0.3, leftOut: 1, notFinite: 0 }
  };

  it('finds no difference between equal figures, sums within a few cents', () => {
    const a = figuresOfSummary(summary);
    const b = { deposits: { ...a.deposits, amountCents: 32 }, withdrawals: a.withdrawals };
    expect(compareFigures(a, b)).toEqual([]);
  });

  it('names every field that differs', () => {
    const a = figuresOfSummary(summary);
    const b = { deposits: { ...a.deposits, settled: 2, amountCents: 100 }, withdrawals: a.withdrawals };
    expect(compareFigures(a, b)).toEqual(['deposits.settled 1 != 2', 'deposits.amountCents 30 != 100']);
    expect(compareFigures(a, { deposits: a.deposits })).toEqual(['withdrawals missing']);
  });
});
