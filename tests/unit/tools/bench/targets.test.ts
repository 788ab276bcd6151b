import { describe, expect, it } from 'vitest';
import type { ReconciliationResult } from '../../../../tools/bench/measureReconciliation';
import { evaluateTargets, RECONCILIATION_LIMITS, reconciliationTargets, type TargetInput } from '../../../../tools/bench/targets';

const passing: TargetInput = {
  dashboard: { aggregation: { ms: 6_000, reads: 605 }, readAll: { ms: 34_000, reads: 200_000 } },
  picker: { search: { ms: 700, reads: 21, rowsPerQuery: [10, 0, 10] }, readAll: { ms: 17_000, reads: 100_000 } },
  usersFirstPage: { ms: 900, reads: 301 },
  usersTenthLoadMore: { ms: 600, reads: 102 },
  signInRoute: { jsGzipBytes: 138_404 },
  dashboardFill: {
    firstOfSession: { firstMs: 800, lastMs: 6_500 },
    withLastFigures: { firstMs: 3, lastMs: 6_200, keptFigures: 10 }
  }
};

const met = (input: TargetInput) => Object.fromEntries(Object.entries(evaluateTargets(input)).map(([k, t]) => [k, t.met]));

describe('evaluateTargets', () => {
  it('meets every target with good figures, and says why', () => {
    const targets = evaluateTargets(passing);
    expect(Object.values(targets).every((t) => t.met)).toBe(true);
    expect(targets.dashboardReads?.detail).toContain('0.30%');
    expect(targets.pickerReadsPerSearch?.detail).toContain('3 prefix queries');
    expect(targets.pickerFaster?.detail).toContain('24.3x');
  });

  it('allows the dashboard exactly 1% of the read-all reads, not more', () => {
    const at = (reads: number) => met({ ...passing, dashboard: { ...passing.dashboard, aggregation: { ms: 1, reads } } }).dashboardReads;
    expect(at(2_000)).toBe(true);
    expect(at(2_001)).toBe(false);
  });

  it('needs the dashboard faster than reading everything in the same run', () => {
    expect(met({ ...passing, dashboard: { ...passing.dashboard, aggregation: { ms: 34_000, reads: 605 } } }).dashboardFaster).toBe(false);
  });

  it('judges the picker per search: 20 documents in all is fine, 21 is not, no query is a miss', () => {
    const withRows = (rowsPerQuery: number[]) =>
      met({ ...passing, picker: { ...passing.picker, search: { ms: 700, reads: 0, rowsPerQuery } } }).pickerReadsPerSearch;
    expect(withRows([10, 10])).toBe(true);
    expect(withRows([10, 11])).toBe(false);
    expect(withRows([21, 0])).toBe(false);
    expect(withRows([])).toBe(false);
  });

  it('needs the picker at least 10x faster than reading all users', () => {
    const speed = (ms: number) => met({ ...passing, picker: { ...passing.picker, search: { ...passing.picker.search, ms } } }).pickerFaster;
    expect(speed(1_700)).toBe(true);
    expect(speed(1_701)).toBe(false);
  });

  it('needs each users page under one second, and misses the 10th Load More when it could not run', () => {
    expect(met({ ...passing, usersFirstPage: { ms: 1_000, reads: 301 } }).usersFirstPage).toBe(false);
    const missing = evaluateTargets({ ...passing, usersTenthLoadMore: null }).usersTenthLoadMore;
    expect(missing?.met).toBe(false);
    expect(missing?.detail).toContain('not measured');
  });

  it('allows the sign-in route 150 kB of JavaScript, gzip, and not a byte more', () => {
    const at = (jsGzipBytes: number) => met({ ...passing, signInRoute: { jsGzipBytes } }).signInRouteJs;
    expect(at(150_000)).toBe(true);
    expect(at(150_001)).toBe(false);
    expect(evaluateTargets(passing).signInRouteJs?.detail).toBe('the sign-in route loads 138.4 kB of JavaScript, gzip (limit 150.0 kB)');
  });

  it('needs the kept figures on screen within 100 ms, and some kept at all', () => {
    const later = (firstMs: number, keptFigures = 10) =>
      met({ ...passing, dashboardFill: { ...passing.dashboardFill, withLastFigures: { firstMs, lastMs: 6_000, keptFigures } } }).dashboardFirstFigure;
    expect(later(100)).toBe(true);
    expect(later(101)).toBe(false);
    expect(later(2, 0)).toBe(false);
  });

  it('needs the first fresh figure of a session within a second', () => {
    const first = (firstMs: number) =>
      met({ ...passing, dashboardFill: { ...passing.dashboardFill, firstOfSession: { firstMs, lastMs: 6_000 } } }).dashboardFirstFigureOfSession;
    expect(first(1_000)).toBe(true);
    expect(first(1_001)).toBe(false);
  });

  it('needs the last card no later than 1.2x the one-call summary of the same run', () => {
    const last = (lastMs: number) =>
      met({ ...passing, dashboardFill: { ...passing.dashboardFill, firstOfSession: { firstMs: 500, lastMs } } }).dashboardLastFigure;
    expect(last(7_200)).toBe(true);
    expect(last(7_201)).toBe(false);
  });
});

describe('reconciliationTargets', () => {
  const run: ReconciliationResult = {
    runId: 'r1',
    state: 'finished',
    error: null,
    resumedAfter: [],
    ms: 60_000,
    documents: 2_539,
    reads: 2_543,
    countReads: 1,
    bound: {
      customers: 1_000,
      successfulDeposits: 712,
      approvedWithdrawals: 823,
      adjustmentEntries: 4,
      documents: 2_539,
      endOfStreamQueries: 1,
      apartQueries: 3
    },
    totals: { customers: 1_000, deposits: 712, withdrawals: 823, adjustments: 4, unsummable: 1, orphans: 0 },
    drifted: 5,
    driftedAsPlanted: true,
    expectedDrifted: 5,
    heap: { beforeMb: 98.8, peakMb: 105.9, afterMb: 105.4, peakGrowthMb: 7.1, retainedGrowthMb: 6.6, samples: 46 },
    pageSizes: { customers: 250, records: 500 },
    storeTimes: {}
  };
  const met = (r: ReconciliationResult) => Object.fromEntries(Object.entries(reconciliationTargets(r)).map(([k, t]) => [k, t.met]));

  it('meets both with the bound kept, the planted drift found and a page-sized heap', () => {
    expect(met(run)).toEqual({ reconciliationReads: true, reconciliationHeap: true });
    expect(reconciliationTargets(run).reconciliationReads!.detail).toContain('bound 2,539 = 1,000 customers + 712 successful deposits');
  });

  it('misses on a document beyond the bound, an extra empty query, other drift, an unfinished run or a heap that grows', () => {
    expect(met({ ...run, documents: 2_540 }).reconciliationReads).toBe(false);
    expect(met({ ...run, reads: 2_544 }).reconciliationReads).toBe(false);
    expect(met({ ...run, driftedAsPlanted: false }).reconciliationReads).toBe(false);
    expect(met({ ...run, state: 'failed', error: 'boom' })).toEqual({ reconciliationReads: false, reconciliationHeap: false });
    expect(met({ ...run, heap: { ...run.heap, peakGrowthMb: RECONCILIATION_LIMITS.heapGrowthMb + 0.1 } }).reconciliationHeap).toBe(false);
  });
});
