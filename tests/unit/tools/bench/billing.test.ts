import { describe, expect, it } from 'vitest';
import { aggregationReads, pageReads, queryReads, summaryAggregations } from '../../../../tools/bench/billing';

describe('aggregation billing', () => {
  it('bills one read per started 1,000 index entries, at least one', () => {
    expect(aggregationReads(0)).toBe(1);
    expect(aggregationReads(1)).toBe(1);
    expect(aggregationReads(1000)).toBe(1);
    expect(aggregationReads(1001)).toBe(2);
    expect(aggregationReads(100_000)).toBe(100);
  });

  it('refuses counts that are not counts', () => {
    expect(() => aggregationReads(-1)).toThrow();
    expect(() => aggregationReads(Number.NaN)).toThrow();
  });

  it('bills a query one read per document, one when it returns none', () => {
    expect(queryReads(0)).toBe(1);
    expect(queryReads(20)).toBe(20);
  });
});

describe('dashboard.summary aggregations', () => {
  const summary = {
    withdrawals: { total: 100_000, approved: 49_748, pending: 35_229, rejected: 15_023, approvedAmount: 1, leftOut: 0, notFinite: 0 },
    deposits: { total: 100_000, success: 50_136, pending: 34_885, failed: 14_979, successAmount: 1, leftOut: 23, notFinite: 2 }
  };

  it('lists the twelve queries with the documents each matched, and three more where amounts are left out', () => {
    const billed = summaryAggregations(summary);
    expect(billed.queries).toBe(15);
    expect(billed.detail.find((d) => d.label === 'deposits success finite count')).toEqual({
      label: 'deposits success finite count',
      indexEntries: 50_111,
      reads: 51
    });
    expect(billed.indexEntries).toBe(2 * 100_000 + 3 * 49_748 + 35_229 + 15_023 + 50_136 + 2 * 50_111 + 2 + 34_885 + 14_979);
  });

  it('sums the reads per query, rounding each up', () => {
    // withdrawals 100 + 50 * 3 + 36 + 16; deposits 100 + 51 * 3 + 1 + 1 + 1 + 35 + 15
    expect(summaryAggregations(summary).reads).toBe(302 + 306);
  });

  it('still bills empty collections one read per query', () => {
    const empty = {
      withdrawals: { total: 0, approved: 0, pending: 0, rejected: 0, approvedAmount: 0, leftOut: 0, notFinite: 0 },
      deposits: { total: 0, success: 0, pending: 0, failed: 0, successAmount: 0, leftOut: 0, notFinite: 0 }
    };
    expect(summaryAggregations(empty).reads).toBe(12);
  });
});

describe('page reads', () => {
  it('bills the first page its documents plus one extra and both counts', () => {
    const first = pageReads({ rows: 100, hasMore: true, total: 100_000, unlisted: 0 }, true);
    expect(first.documents).toBe(101);
    expect(first.aggregations?.reads).toBe(200);
    expect(first.reads).toBe(301);
  });

  it('counts the unlisted records in the count of all', () => {
    expect(pageReads({ rows: 100, hasMore: true, total: 1_000, unlisted: 1 }, true).reads).toBe(101 + 1 + 2);
  });

  it('bills a Load More its cursor lookup and pageSize + 1 documents', () => {
    expect(pageReads({ rows: 100, hasMore: true, total: null, unlisted: null }, false).reads).toBe(102);
  });

  it('bills the last page only what it returned', () => {
    expect(pageReads({ rows: 7, hasMore: false, total: null, unlisted: null }, false).reads).toBe(8);
    expect(pageReads({ rows: 0, hasMore: false, total: 0, unlisted: 0 }, true).reads).toBe(1 + 2);
  });
});
