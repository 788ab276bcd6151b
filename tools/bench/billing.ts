// How Firestore bills the measured paths, so the bench can say how many documents each one reads.
import type { DashboardSummary } from '../../src/shared/contract';

export const BILLING_FORMULA =
  'query: max(1, documents returned); getDoc (a Load More cursor lookup): 1; aggregation query (count/sum): max(1, ceil(indexEntries / 1000)), indexEntries = documents the query matched';

/** A query costs one read per document returned, and one when it returns none. */
export const queryReads = (documents: number): number => Math.max(1, documents);

/** Firestore bills an aggregation one read per batch of up to 1,000 index entries, at least one. */
export function aggregationReads(indexEntries: number): number {
  if (!Number.isFinite(indexEntries) || indexEntries < 0) throw new Error(`Bad index entry count: ${indexEntries}`);
  return Math.max(1, Math.ceil(indexEntries / 1000));
}

export interface AggregationCost {
  label: string;
  indexEntries: number;
  reads: number;
}

export interface AggregationTotals {
  queries: number;
  indexEntries: number;
  reads: number;
  detail: AggregationCost[];
}

export function totalAggregations(items: { label: string; indexEntries: number }[]): AggregationTotals {
  const detail = items.map((i) => ({ ...i, reads: aggregationReads(i.indexEntries) }));
  return {
    queries: detail.length,
    indexEntries: detail.reduce((n, d) => n + d.indexEntries, 0),
    reads: detail.reduce((n, d) => n + d.reads, 0),
    detail
  };
}

/**
 * The aggregation queries `dashboard.summary` runs (src/main/firebase/dashboardRepository.ts), each
 * with the documents it matched, worked out from the figures it returned. Per collection: count of
 * all; for the settled status a count, a sum and a count of its finite amounts, and, when some are
 * left out, a count each of the NaN, Infinity and -Infinity amounts (billed here as if every amount
 * left out for being NaN or infinite were NaN: an upper bound); a count per other status.
 */
export function summaryAggregations(s: Pick<DashboardSummary, 'deposits' | 'withdrawals'>): AggregationTotals {
  const settled = (list: 'withdrawals' | 'deposits', status: string, n: number, leftOut: number, notFinite: number) => {
    const finite = n - leftOut - notFinite;
    const split =
      leftOut + notFinite > 0
        ? [
            { label: `${list} ${status} NaN count`, indexEntries: notFinite },
            { label: `${list} ${status} Infinity count`, indexEntries: 0 },
            { label: `${list} ${status} -Infinity count`, indexEntries: 0 }
          ]
        : [];
    return [
      { label: `${list} ${status} count`, indexEntries: n },
      { label: `${list} ${status} sum`, indexEntries: finite },
      { label: `${list} ${status} finite count`, indexEntries: finite },
      ...split
    ];
  };
  const w = s.withdrawals;
  const d = s.deposits;
  return totalAggregations([
    { label: 'withdrawals count', indexEntries: w.total },
    ...settled('withdrawals', 'approved', w.approved, w.leftOut, w.notFinite),
    { label: 'withdrawals pending count', indexEntries: w.pending },
    { label: 'withdrawals rejected count', indexEntries: w.rejected },
    { label: 'deposits count', indexEntries: d.total },
    ...settled('deposits', 'success', d.success, d.leftOut, d.notFinite),
    { label: 'deposits pending count', indexEntries: d.pending },
    { label: 'deposits failed count', indexEntries: d.failed }
  ]);
}

export interface PageShape {
  rows: number;
  hasMore: boolean;
  /** First page only: listed records (with the sort field) and unlisted ones. */
  total: number | null;
  unlisted: number | null;
}

/**
 * One page of readPage (src/main/firebase/paging.ts): it asks for pageSize + 1 documents (the extra
 * one says whether there is more), a Load More first looks up its cursor document, and the first
 * page counts the listed records and all records with two aggregations.
 */
export function pageReads(page: PageShape, isFirst: boolean): { reads: number; documents: number; aggregations: AggregationTotals | null } {
  const documents = queryReads(page.rows + (page.hasMore ? 1 : 0)) + (isFirst ? 0 : 1);
  // Pages that carry no counts (users.list asks for them separately) cost only their documents.
  if (!isFirst || page.total === null) return { reads: documents, documents, aggregations: null };
  const total = page.total ?? 0;
  const aggregations = totalAggregations([
    { label: 'count ordered by the sort field', indexEntries: total },
    { label: 'count of all', indexEntries: total + (page.unlisted ?? 0) }
  ]);
  return { reads: documents + aggregations.reads, documents, aggregations };
}

export interface ListPageShape {
  rows: number;
  hasMore: boolean;
  /** First page: the records listed and those matching the filters without the sort field; null on later pages. */
  total: number | null;
  unlisted: number | null;
}

export interface ListPageReads {
  /** Documents the page query returned: its rows plus the one that says whether there is more. */
  documents: number;
  /** The first page's counts (listQuery.ts countList), billed per 1,000 index entries. */
  counts: AggregationTotals | null;
  reads: number;
}

/**
 * One page of readList (src/main/firebase/listQuery.ts): a query for pageSize + 1 documents after
 * the cursor (which carries the last row's sort value, so no lookup), and on the first page two
 * counts, three for a dated list. `matchingAnyDate` is, for a dated list, how many records match
 * its other filters whatever their date (the bench counts it apart).
 */
export function listPageReads(page: ListPageShape, matchingAnyDate?: number): ListPageReads {
  const documents = queryReads(page.rows + (page.hasMore ? 1 : 0));
  if (page.total === null) return { documents, counts: null, reads: documents };
  const unlisted = page.unlisted ?? 0;
  const counts = totalAggregations(
    matchingAnyDate === undefined
      ? [
          { label: 'count of the listed records', indexEntries: page.total },
          { label: 'count of all matching records', indexEntries: page.total + unlisted }
        ]
      : [
          { label: 'count of the listed records (in the range)', indexEntries: page.total },
          { label: 'count of all matching records, any date', indexEntries: matchingAnyDate },
          { label: 'count of those with a date', indexEntries: Math.max(0, matchingAnyDate - unlisted) }
        ]
  );
  return { documents, counts, reads: documents + counts.reads };
}
