// The targets (issue 6, "Benchmark"), judged from one run's measurements.

export interface Measured {
  ms: number;
  reads: number;
}

export interface TargetInput {
  dashboard: { aggregation: Measured; readAll: Measured };
  picker: { search: Measured & { rowsPerQuery: number[] }; readAll: Measured };
  usersFirstPage: Measured;
  /** null when there were too few users for 10 Load Mores. */
  usersTenthLoadMore: Measured | null;
}

export interface Target {
  met: boolean;
  detail: string;
}

export const LIMITS = {
  dashboardReadShare: 0.01,
  /** The issue: the webmail picker reads at most 20 documents per search. */
  pickerDocumentsPerSearch: 20,
  pickerSpeedup: 10,
  pageMs: 1000
} as const;

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const times = (x: number) => `${x.toFixed(1)}x`;

export function evaluateTargets(m: TargetInput): Record<string, Target> {
  const d = m.dashboard;
  const share = d.readAll.reads > 0 ? d.aggregation.reads / d.readAll.reads : Number.POSITIVE_INFINITY;
  const p = m.picker;
  const queries = p.search.rowsPerQuery.length;
  const documents = p.search.rowsPerQuery.reduce((sum, rows) => sum + rows, 0);
  const speedup = p.search.ms > 0 ? p.readAll.ms / p.search.ms : Number.POSITIVE_INFINITY;
  const page = (what: string, x: Measured | null): Target =>
    x
      ? { met: x.ms < LIMITS.pageMs, detail: `${what} ${n(x.ms)} ms (limit < ${n(LIMITS.pageMs)} ms), ${n(x.reads)} reads` }
      : { met: false, detail: `${what}: not measured, too few users for it` };
  return {
    dashboardReads: {
      met: share <= LIMITS.dashboardReadShare,
      detail: `aggregation ${n(d.aggregation.reads)} reads = ${pct(share)} of read-all's ${n(d.readAll.reads)} (limit ${pct(LIMITS.dashboardReadShare)})`
    },
    dashboardFaster: {
      met: d.aggregation.ms < d.readAll.ms,
      detail: `aggregation ${n(d.aggregation.ms)} ms vs read-all ${n(d.readAll.ms)} ms in the same run (${times(d.readAll.ms / Math.max(1, d.aggregation.ms))} faster)`
    },
    pickerReadsPerSearch: {
      met: queries > 0 && documents <= LIMITS.pickerDocumentsPerSearch,
      detail: `one search ran ${queries} prefix queries returning ${p.search.rowsPerQuery.join(' + ')} = ${n(documents)} documents (${n(p.search.reads)} billed reads); at most ${LIMITS.pickerDocumentsPerSearch} per search`
    },
    pickerFaster: {
      met: speedup >= LIMITS.pickerSpeedup,
      detail: `search ${n(p.search.ms)} ms vs reading all users ${n(p.readAll.ms)} ms: ${times(speedup)} faster (needs ${LIMITS.pickerSpeedup}x)`
    },
    usersFirstPage: page('first page', m.usersFirstPage),
    usersTenthLoadMore: page('10th Load More', m.usersTenthLoadMore)
  };
}
