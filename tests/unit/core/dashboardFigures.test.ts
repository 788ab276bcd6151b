import { describe, expect, it } from 'vitest';
import { DashboardFigures, summaryFigureNames, summaryOf } from '@core/dashboard';
import type { DashboardRepository, FigureValue } from '@core/ports/dashboardRepository';
import type { DashboardFigureName } from '@shared/contract';

/** A source whose answers the test releases one by one. */
function heldSource() {
  const waiting = new Map<DashboardFigureName, (v: FigureValue) => void>();
  const source: Pick<DashboardRepository, 'figure'> = {
    figure: (name) => new Promise((resolve) => waiting.set(name, resolve))
  };
  const answer = (name: DashboardFigureName, value: number, leftOut: number | null = null) =>
    waiting.get(name)!({ value, leftOut, notFinite: leftOut === null ? null : 0 });
  return { source, answer };
}

const clock = () => {
  let t = Date.parse('2026-11-22T10:00:00Z');
  return { now: () => new Date(t), tick: (ms: number) => (t += ms) };
};

describe('DashboardFigures', () => {
  it('keeps each figure as it answers, with the time it answered', async () => {
    const { source, answer } = heldSource();
    const c = clock();
    const figures = new DashboardFigures(source, c.now);
    expect(figures.lastFigures()).toEqual({ figures: [] });

    const total = figures.figure('deposits.total');
    const amount = figures.figure('deposits.successAmount');
    answer('deposits.successAmount', 1234.5, 2);
    await amount;
    expect(figures.lastFigures().figures).toEqual([
      { figure: 'deposits.successAmount', value: 1234.5, leftOut: 2, notFinite: 0, asOf: '2026-11-22T10:00:00.000Z' }
    ]);
    c.tick(1500);
    answer('deposits.total', 200);
    expect(await total).toEqual({ figure: 'deposits.total', value: 200, leftOut: null, notFinite: null, asOf: '2026-11-22T10:00:01.500Z' });
    // The contract's order, not the order they answered in.
    expect(figures.lastFigures().figures.map((f) => f.figure)).toEqual(['deposits.total', 'deposits.successAmount']);
  });

  it('a newer answer replaces the kept one', async () => {
    let n = 1;
    const figures = new DashboardFigures({ figure: async () => ({ value: n++, leftOut: null, notFinite: null }) });
    await figures.figure('withdrawals.pending');
    await figures.figure('withdrawals.pending');
    expect(figures.lastFigures().figures).toMatchObject([{ figure: 'withdrawals.pending', value: 2 }]);
  });

  it('forgets everything when the session ends, and does not keep an answer that arrives afterwards', async () => {
    const { source, answer } = heldSource();
    const figures = new DashboardFigures(source);
    const early = figures.figure('withdrawals.total');
    answer('withdrawals.total', 5);
    await early;
    const late = figures.figure('withdrawals.approved');
    figures.forget();
    expect(figures.lastFigures()).toEqual({ figures: [] });
    answer('withdrawals.approved', 3);
    expect((await late).value).toBe(3); // the caller still gets its answer...
    expect(figures.lastFigures()).toEqual({ figures: [] }); // ...but the next session never sees it
  });

  it('a failed figure keeps the last good one', async () => {
    let fail = false;
    const figures = new DashboardFigures({
      figure: async () => {
        if (fail) throw new Error('UNAVAILABLE');
        return { value: 7, leftOut: null, notFinite: null };
      }
    });
    await figures.figure('deposits.failed');
    fail = true;
    await expect(figures.figure('deposits.failed')).rejects.toThrow('UNAVAILABLE');
    expect(figures.lastFigures().figures).toMatchObject([{ figure: 'deposits.failed', value: 7 }]);
  });

  it("summary asks its two sections' figures (not the KYC queue card) and keeps them", async () => {
    const values: Record<DashboardFigureName, FigureValue> = {
      'withdrawals.total': { value: 10, leftOut: null, notFinite: null },
      'withdrawals.approved': { value: 4, leftOut: null, notFinite: null },
      'withdrawals.pending': { value: 5, leftOut: null, notFinite: null },
      'withdrawals.rejected': { value: 1, leftOut: null, notFinite: null },
      'withdrawals.approvedAmount': { value: 400.25, leftOut: 1, notFinite: 2 },
      'deposits.total': { value: 20, leftOut: null, notFinite: null },
      'deposits.success': { value: 12, leftOut: null, notFinite: null },
      'deposits.pending': { value: 6, leftOut: null, notFinite: null },
      'deposits.failed': { value: 2, leftOut: null, notFinite: null },
      'deposits.successAmount': { value: 1200, leftOut: 0, notFinite: 0 },
      'kyc.expired': { value: 3, leftOut: null, notFinite: null },
      'kyc.pending': { value: 3, leftOut: null, notFinite: null },
      'users.balanceTotal': { value: 900, leftOut: 0, notFinite: 0 },
      'withdrawals.pendingAmount': { value: 50, leftOut: 0, notFinite: 0 },
      'investments.activeAmount': { value: 5000, leftOut: 0, notFinite: 0 },
      'compoundInvestments.activeAmount': { value: 700, leftOut: 0, notFinite: 0 },
      'reconciliation.drifted': { value: 2, leftOut: null, notFinite: null, at: '2026-11-21T10:00:00.000Z' },
      'investments.due': { value: 4, leftOut: null, notFinite: null },
      'investments.dueOwed': { value: 4480, leftOut: 0, notFinite: 0 },
      'journal.outsideLastDay': { value: 1, leftOut: null, notFinite: null }
    };
    const c = clock();
    const asked: DashboardFigureName[] = [];
    const figures = new DashboardFigures({ figure: async (name) => (asked.push(name), values[name]) }, c.now);
    expect(await figures.summary()).toEqual({
      withdrawals: { total: 10, approved: 4, pending: 5, rejected: 1, approvedAmount: 400.25, leftOut: 1, notFinite: 2 },
      deposits: { total: 20, success: 12, pending: 6, failed: 2, successAmount: 1200, leftOut: 0, notFinite: 0 },
      asOf: '2026-11-22T10:00:00.000Z'
    });
    expect(figures.lastFigures().figures.map((f) => f.figure)).toEqual([...summaryFigureNames]);
    // The bench prices the summary by its ten aggregations' figures: the other cards are not among them.
    for (const other of [
      'kyc.pending',
      'kyc.expired',
      'users.balanceTotal',
      'withdrawals.pendingAmount',
      'investments.activeAmount',
      'compoundInvestments.activeAmount',
      'reconciliation.drifted',
      'investments.due',
      'investments.dueOwed',
      'journal.outsideLastDay'
    ] as const) {
      expect(asked).not.toContain(other);
    }
    expect(summaryFigureNames).toHaveLength(10);
  });

  it('passes on what a figure tells apart: customers owing the platform, withdrawals with no status', async () => {
    const figures = new DashboardFigures({
      figure: async (name) =>
        name === 'users.balanceTotal'
          ? { value: 900, leftOut: 0, notFinite: 0, owing: { customers: 2, amount: 35.5 } }
          : { value: 50, leftOut: 0, notFinite: 0, noStatus: { count: 1, amount: 20 } }
    });
    expect(await figures.figure('users.balanceTotal')).toMatchObject({ value: 900, owing: { customers: 2, amount: 35.5 } });
    expect(await figures.figure('withdrawals.pendingAmount')).toMatchObject({ value: 50, noStatus: { count: 1, amount: 20 } });
    expect(figures.lastFigures().figures.map((f) => [f.figure, 'owing' in f, 'noStatus' in f])).toEqual([
      ['users.balanceTotal', true, false],
      ['withdrawals.pendingAmount', false, true]
    ]);
  });

  it('summaryOf names a missing figure', () => {
    expect(() => summaryOf([], 'x')).toThrow('withdrawals.total');
  });
});
