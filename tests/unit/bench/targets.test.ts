import { describe, expect, it } from 'vitest';
import { evaluateTargets, type TargetInput } from '../../../scripts/bench/targets';

const passing: TargetInput = {
  dashboard: { aggregation: { ms: 6_000, reads: 605 }, readAll: { ms: 34_000, reads: 200_000 } },
  picker: { search: { ms: 700, reads: 21, rowsPerQuery: [10, 0, 10] }, readAll: { ms: 17_000, reads: 100_000 } },
  usersFirstPage: { ms: 900, reads: 301 },
  usersTenthLoadMore: { ms: 600, reads: 102 }
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
    const withRows = (rowsPerQuery: number[]) => met({ ...passing, picker: { ...passing.picker, search: { ms: 700, reads: 0, rowsPerQuery } } }).pickerReadsPerSearch;
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
});
