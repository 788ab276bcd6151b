import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { moneyRequest, planList, type ListDefinition, type ListOrder } from '@shared/queries/lists';
import { pagedQuery } from '../../components/data-table/paged-query';
import { localTimeZone } from '../../lib/format';
import { useRememberedPageSize } from '../../lib/page-sizes';
import { pageSizes, type PageSize } from '@shared/schemas/views';
import { customerCardQuery } from '../customers/customer-queries';
import type { DecisionMethod } from '../status/status-change';
import type { ReviewList, ReviewRow } from './definition';
import { useLiveList } from './live/use-live-list';
import { useListView } from './use-list-view';
import { countsInput, customerByOf, customerFilter, effectiveOrder, queryInput, type ReviewListView } from './view';
import { exportFileName } from './wording';

/** A user a list is fixed to (a user's page): id for deposits, withdrawals and investments, e-mail for compound investments. */
export interface FixedUser {
  userId: string | null;
  email: string | null;
}

/** Every order the list has, each with the reason Firestore cannot serve it with the other filters (null when it can). */
function orderChoices(definition: ListDefinition, request: ReturnType<typeof moneyRequest>) {
  return definition.orders.map((choice: ListOrder) => {
    const tried = planList(definition, { ...request, order: choice });
    return { order: choice, refused: tried.ok ? null : tried.reason };
  });
}

/**
 * A money list's state: its view in the URL (or a fixed user), what the list method and the
 * counts are asked, the pages and the tab counts, live changes, and what Export CSV and Refresh do.
 */
export function useReviewList<T extends ReviewRow, S extends string, M extends DecisionMethod>(list: ReviewList<T, S, M>, fixedUser?: FixedUser) {
  const { filters, setFilters, linkTo } = useListView(list.statuses);
  const by = customerByOf(list.definition);
  const chosen = fixedUser ?? { userId: filters.customer, email: filters.email };
  // The chip names a user known only by id; compound investments need their e-mail to list.
  const lookUp = chosen.userId !== null && (!fixedUser || (by === 'email' && !chosen.email));
  const card = useQuery({ ...customerCardQuery(chosen.userId ?? ''), enabled: lookUp, staleTime: 60_000 });
  const { filter: customer, waiting } = customerFilter(by, chosen, card.data?.email ?? null);
  const noOne = fixedUser !== undefined && customer === null && !waiting;

  const zone = localTimeZone();
  const order = effectiveOrder(list.definition, filters);
  // The size in the address, else the one last chosen for this list on this computer, else 10.
  const remembered = useRememberedPageSize(list.name);
  const pageSize = filters.size ?? remembered.size;
  const input = useMemo(() => queryInput(filters, order, customer, zone), [filters, order, customer, zone]);
  const sized = useMemo(() => ({ ...input, pageSize }), [input, pageSize]);
  const request = moneyRequest(input);
  const planned = planList(list.definition, request);
  const ready = planned.ok && !waiting && !noOne && (filters.size !== null || remembered.ready);

  const live = useLiveList(list, sized, ready);
  // One page reads page size + 1 documents, whatever the size chosen.
  const query = useInfiniteQuery({ ...pagedQuery(list.keys.filtered(sized), list.fetcher(sized), list.loadFailed), enabled: ready });
  const counted = countsInput(input);
  const counts = useQuery({
    queryKey: list.keys.counts(counted),
    queryFn: () => list.counts(counted),
    enabled: !waiting && !noOne,
    meta: { errorTitle: `Failed to count ${list.noun.many}.` }
  });

  const set = (next: Partial<ReviewListView<S>>) => setFilters({ ...filters, focus: null, ...next });
  const choosePageSize = (size: number) => {
    const chosen = pageSizes.find((s) => s === size);
    if (!chosen) return;
    remembered.remember(chosen);
    set({ size: chosen });
  };
  const customerLabel = chosen.email ?? card.data?.email ?? chosen.userId;
  const { focus: _focus, ...exported } = input;
  // Every record of the filters (a record opened by id places only the first page): "Select all 237 matching".
  const fetchMatching = list.fetcher(exported);
  const withDates = planList(list.definition, { ...request, from: request.from ?? '2000-01-01T00:00:00.000Z' });

  return {
    filters,
    set,
    linkTo,
    by,
    chosen,
    card: { ...card, lookingUp: lookUp && card.isPending },
    customerLabel,
    noOne,
    zone,
    order,
    input,
    /** The list's query with its page size: what the table's pages read. */
    sized,
    fetchMatching: (cursor: string | null, size: number) => fetchMatching(cursor, size),
    pageSize: { value: pageSize as PageSize, sizes: pageSizes, onChange: choosePageSize },
    refused: planned.ok ? null : planned.reason,
    orders: orderChoices(list.definition, request),
    datesRefused: withDates.ok ? null : withDates.reason,
    live,
    query,
    counts,
    filtered: filters.status !== null || (!fixedUser && customer !== null) || filters.from !== null || filters.to !== null,
    exportCsv: {
      fetchPage: list.fetcher(exported),
      columns: list.exportColumns,
      fileBaseName: list.fileBaseName,
      noun: list.noun.many,
      // On a user's page the file names that user too.
      fileName: () => exportFileName(list.fileBaseName, filters, customerLabel, order)
    },
    refreshable: {
      isRefetching: query.isRefetching || counts.isRefetching,
      isFetchingNextPage: query.isFetchingNextPage,
      refetch: () => Promise.all([query.refetch(), counts.refetch()])
    }
  };
}

export type ReviewListState<T extends ReviewRow, S extends string, M extends DecisionMethod> = ReturnType<typeof useReviewList<T, S, M>>;
