import { describe, expect, it } from 'vitest';
import { listPageReads } from '../../../../tools/bench/billing';
import type { CustomerPageResult } from '../../../../tools/bench/measureCustomerPage';
import type { FilteredResult } from '../../../../tools/bench/measureFiltered';
import type { QueueResult } from '../../../../tools/bench/measureQueue';
import type { DueResult } from '../../../../tools/bench/measureDue';
import { dueTarget, queueTargets } from '../../../../tools/bench/queueTargets';

describe('listPageReads', () => {
  it('bills a page its rows plus the one saying more follow, and the first page its counts', () => {
    expect(listPageReads({ rows: 10, hasMore: true, total: null, unlisted: null })).toEqual({ documents: 11, counts: null, reads: 11 });
    expect(listPageReads({ rows: 0, hasMore: false, total: null, unlisted: null }).documents).toBe(1);
    const first = listPageReads({ rows: 10, hasMore: true, total: 3_012, unlisted: 3 });
    expect(first.documents).toBe(11);
    expect(first.counts?.reads).toBe(4 + 4); // 3,012 and 3,015 index entries
    const dated = listPageReads({ rows: 10, hasMore: true, total: 150, unlisted: 0 }, 150);
    expect(dated.counts?.queries).toBe(3);
    expect(dated.reads).toBe(14);
  });
});

const page = (documents: number) => ({ ms: 5, runsMs: [5], rows: 10, documents, countReads: 1, reads: documents + 1 });
const tab = (pageSize: number, documents: number) => ({ pageSize, rows: pageSize, documents, countReads: 2, note: '' });
const queue = (documents: number): QueueResult => ({
  queue: {
    ms: 5,
    runsMs: [5],
    documents,
    countReads: 6,
    reads: documents + 6,
    pending: 3_000,
    unlisted: 3,
    oldest: { id: 'w1', createdAt: '2024-01-01T00:00:00.000Z' }
  },
  tabs: { ms: 5, reads: 200, queries: 4 },
  specWay: null
});
const filtered = (p1: number, p10: number | null): FilteredResult => ({
  filters: 'pending',
  matching: 150,
  page1: page(p1),
  page10: p10 === null ? null : page(p10)
});
const customer = (referralDocuments: number): CustomerPageResult => {
  const tabs = {
    deposits: tab(10, 11),
    withdrawals: tab(10, 11),
    investments: tab(10, 11),
    compoundInvestments: tab(10, 11),
    referrals: tab(10, referralDocuments),
    audit: tab(25, 26),
    emails: tab(25, 26)
  };
  const all = Object.values(tabs);
  return {
    customer: 'a@b.c',
    ms: 5,
    runsMs: [5],
    tabs,
    tabDocuments: all.reduce((n, t) => n + t.documents, 0),
    tabCountReads: 14,
    tabLimit: all.reduce((n, t) => n + t.pageSize + 1, 0),
    profile: { reads: 2, note: '' }
  };
};

describe('queueTargets', () => {
  it('meets the targets when every page reads its rows plus one', () => {
    const t = queueTargets(queue(11), filtered(11, 11), customer(11));
    expect([t.queueOldestPending?.met, t.filteredPages?.met, t.customerPage?.met]).toEqual([true, true, true]);
    expect(t.customerPage?.detail).toContain('limit 107');
  });

  it('misses them when a page reads more, page 10 costs more than page 1, or is not reached', () => {
    expect(queueTargets(queue(12), filtered(11, 11), customer(11)).queueOldestPending?.met).toBe(false);
    expect(queueTargets(queue(11), filtered(10, 11), customer(11)).filteredPages?.met).toBe(false);
    expect(queueTargets(queue(11), filtered(11, null), customer(11)).filteredPages?.met).toBe(false);
    expect(queueTargets(queue(11), filtered(11, 11), customer(12)).customerPage?.met).toBe(false);
  });

  it("judges the withdrawal's risk panel on the documents it reports, at most 25 besides the caps' window of at most 200", () => {
    const risk = (documents: number, windowDocuments = 0) => ({ withdrawal: 'w1', ms: 1, runsMs: [1], documents, windowDocuments, warnings: ['notVerified'] });
    expect(queueTargets(queue(11), filtered(11, 11), customer(11), risk(24)).riskPanel).toMatchObject({
      met: true,
      detail: expect.stringContaining('24 documents (limit 25)')
    });
    expect(queueTargets(queue(11), filtered(11, 11), customer(11), risk(26)).riskPanel?.met).toBe(false);
    expect(queueTargets(queue(11), filtered(11, 11), customer(11), risk(224, 200)).riskPanel).toMatchObject({
      met: true,
      detail: expect.stringContaining("24 documents (limit 25) and the customer's 200 withdrawals of 30 days (limit 200)")
    });
    expect(queueTargets(queue(11), filtered(11, 11), customer(11), risk(221, 201)).riskPanel?.met).toBe(false);
    expect(queueTargets(queue(11), filtered(11, 11), customer(11)).riskPanel?.met).toBe(false);
  });
});

describe('the investments due target', () => {
  const duePage = (ms: number, rows = 10, ordered = true) => ({ ms, runsMs: [ms], rows, ordered });
  const due = (page10: ReturnType<typeof duePage> | null): DueResult => ({
    matured: 4_000,
    durations: [7, 14, 30, 60, 90],
    documentBound: 55,
    page1: duePage(400),
    page10
  });

  it('is met when page 10 is full, in maturity order and no slower than page 1, and names the document bound', () => {
    const met = dueTarget(due(duePage(300)));
    expect(met.met).toBe(true);
    expect(met.detail).toContain('at most 55 documents = (10 + 1) x 5');
  });

  it('is missed when page 10 is slower, out of order, short or never reached', () => {
    expect(dueTarget(due(duePage(900))).met).toBe(false);
    expect(dueTarget(due(duePage(300, 10, false))).met).toBe(false);
    expect(dueTarget(due(duePage(300, 4))).met).toBe(false);
    expect(dueTarget(due(null)).met).toBe(false);
  });
});
