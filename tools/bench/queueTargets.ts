// Issue 12's targets ("Measured"), judged on documents read: the review queues' pages must cost
// their rows plus one whatever the page number and the collection's size. The first page's counts
// (the status tabs' figures) are aggregations, billed per 1,000 matching records, and shown apart.
import type { CustomerPageResult } from './measureCustomerPage';
import { DUE_PAGE, type DueResult } from './measureDue';
import type { FilteredResult } from './measureFiltered';
import { RISK_DOCUMENT_LIMIT, type RiskResult } from './measureRisk';
import { WINDOW_READ_LIMIT } from '../../src/shared/domain/withdrawalWindows';
import { MONEY_PAGE, type QueueResult } from './measureQueue';
import type { Target } from './targets';

export const QUEUE_LIMITS = {
  /** The queue's first page: 10 rows and the one that says more follow. */
  queueDocuments: MONEY_PAGE + 1,
  filteredDocuments: MONEY_PAGE + 1
} as const;

const n = (x: number) => Math.round(x).toLocaleString('en-US');

export function queueTargets(q: QueueResult, f: FilteredResult, c: CustomerPageResult, r: RiskResult | null = null): Record<string, Target> {
  const spec = q.specWay
    ? `; the spec's way (newest first, Load More) finds it on page ${n(q.specWay.pages)}: ${n(q.specWay.documents)} documents, ${n(q.specWay.ms)} ms`
    : '';
  const p10 = f.page10;
  const tabs = Object.entries(c.tabs)
    .map(([name, t]) => `${name} ${t.documents}/${t.pageSize + 1}`)
    .join(', ');
  return {
    queueOldestPending: {
      met: q.queue.oldest !== null && q.queue.documents <= QUEUE_LIMITS.queueDocuments,
      detail: `the oldest pending withdrawal shows on the queue's first page: ${q.queue.documents} documents (limit ${QUEUE_LIMITS.queueDocuments}), ${n(q.queue.ms)} ms, plus ${q.queue.countReads} count reads${spec}`
    },
    filteredPages: {
      met:
        p10 !== null &&
        f.page1.documents <= QUEUE_LIMITS.filteredDocuments &&
        p10.documents <= QUEUE_LIMITS.filteredDocuments &&
        p10.documents === f.page1.documents,
      detail: p10
        ? `${f.filters}: page 1 reads ${f.page1.documents} documents (+${f.page1.countReads} count reads), page 10 reads ${p10.documents}; limit ${QUEUE_LIMITS.filteredDocuments} each, page 10 = page 1`
        : `${f.filters}: fewer than 10 pages (${n(f.matching)} records), not measured`
    },
    // The caps' window is one customer's and has its own limit (WINDOW_READ_LIMIT): the rest of the panel keeps its 25.
    riskPanel: {
      met: r !== null && r.documents - r.windowDocuments <= RISK_DOCUMENT_LIMIT && r.windowDocuments <= WINDOW_READ_LIMIT,
      detail: r
        ? `withdrawals.risk for the oldest pending withdrawal reads ${r.documents - r.windowDocuments} documents (limit ${RISK_DOCUMENT_LIMIT}) ` +
          `and the customer's ${r.windowDocuments} withdrawals of 30 days (limit ${WINDOW_READ_LIMIT}), ${n(r.ms)} ms; warnings: ${r.warnings.join(', ') || 'none'}`
        : 'no pending withdrawal to measure'
    },
    customerPage: {
      met: c.tabDocuments <= c.tabLimit,
      detail: `the 7 tabs' first pages read ${c.tabDocuments} documents (limit ${c.tabLimit} = the sum of page size + 1: ${tabs}) plus ${c.tabCountReads} count reads; users.profile adds ${c.profile.reads} (${c.profile.note})`
    }
  };
}

/** Issue 23: page 10 of investments.due costs what page 1 does: full, in maturity order, no slower (+50% or 100 ms for noise). */
export function dueTarget(d: DueResult): Target {
  const p10 = d.page10;
  if (!p10) return { met: false, detail: `investments.due: fewer than 10 pages (${n(d.matured)} due), not measured` };
  const limit = Math.max(d.page1.ms * 1.5, d.page1.ms + 100);
  return {
    met: d.page1.ordered && p10.ordered && p10.rows === DUE_PAGE && p10.ms <= limit,
    detail: `investments.due (${n(d.matured)} due, ${d.durations.length} durations): page 1 ${n(d.page1.ms)} ms with its counts, page 10 ${n(p10.ms)} ms (limit ${n(limit)} ms), ${p10.rows} rows, each page at most ${d.documentBound} documents = (${DUE_PAGE} + 1) x ${d.durations.length}`
  };
}
