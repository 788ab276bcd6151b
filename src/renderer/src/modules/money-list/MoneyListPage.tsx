import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { moneyRequest, planList, type ListOrder } from '../../../../shared/queries/lists';
import { userCardQuery } from '../users/user-queries';
import { pagedQuery } from '../../components/data-table/paged-query';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import { ListPageHeader } from '../../components/ListPageHeader';
import { RefreshButton } from '../../components/RefreshButton';
import { MoneyTable } from './bulk/MoneyTable';
import { FilterBar } from './FilterBar';
import {
  countsInput,
  customerByOf,
  customerFilter,
  effectiveOrder,
  queryInput,
  withStatus,
  type MoneyFilters
} from './filters';
import { localTimeZone, zoneLabel } from '../../lib/format';
import { FilteredEmpty, FocusNote, RefusedNotice } from './ListNotes';
import type { MoneyList, MoneyRow } from './money-list';
import { StatusTabs } from './StatusTabs';
import { useLiveList } from './live/use-live-list';
import { useMoneyFilters } from './use-money-filters';
import { exportFileName, orderLabels, unlistedField } from './wording';

/** A customer a list is fixed to (a customer's page): id for deposits, withdrawals and investments, e-mail for compound investments. */
export interface FixedUser {
  userId: string | null;
  email: string | null;
}

interface MoneyListPageProps<T extends MoneyRow> {
  list: MoneyList<T>;
  /** Shows only this customer's records and hides the customer filter. */
  fixedUser?: FixedUser;
  /** Inside another screen (a customer page's tab): no page title, a compact toolbar. */
  embedded?: boolean;
}


const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * Deposits, withdrawals and both kinds of investments as review queues: status tabs with counts,
 * customer, dates and order in the URL, paged by cursor, exported as filtered, and a record
 * opened by id shown highlighted. Embeddable with a fixed customer.
 */
export function MoneyListPage<T extends MoneyRow>({ list, fixedUser, embedded = false }: MoneyListPageProps<T>) {
  const { filters, setFilters, linkTo } = useMoneyFilters(list.statuses);
  const by = customerByOf(list.definition);
  const chosen = fixedUser ?? { userId: filters.customer, email: filters.email };
  // The chip names a customer known only by id; compound investments need their e-mail to list.
  const lookUp = chosen.userId !== null && (!fixedUser || (by === 'email' && !chosen.email));
  const card = useQuery({ ...userCardQuery(chosen.userId ?? ''), enabled: lookUp, staleTime: 60_000 });
  const { filter: customer, waiting } = customerFilter(by, chosen, card.data?.email ?? null);
  const noOne = fixedUser !== undefined && customer === null && !waiting;

  const zone = localTimeZone();
  const order = effectiveOrder(list.definition, filters);
  const input = useMemo(() => queryInput(filters, order, customer, zone), [filters, order, customer, zone]);
  const request = moneyRequest(input);
  const planned = planList(list.definition, request);
  const ready = planned.ok && !waiting && !noOne;

  const live = useLiveList(list, input, ready);
  const query = useInfiniteQuery({ ...pagedQuery(list.keys.filtered(input), list.fetcher(input), list.loadFailed), enabled: ready });
  const counted = countsInput(input);
  const counts = useQuery({
    queryKey: list.keys.counts(counted),
    queryFn: () => list.counts(counted),
    enabled: !waiting && !noOne,
    meta: { errorTitle: `Failed to count ${list.noun.many}.` }
  });

  const set = (next: Partial<MoneyFilters>) => setFilters({ ...filters, focus: null, ...next });
  const userLabel = chosen.email ?? card.data?.email ?? chosen.userId;
  const { focus: _focus, ...exported } = input;
  const orders = list.definition.orders.map((choice: ListOrder) => {
    const tried = planList(list.definition, { ...request, order: choice });
    return { order: choice, refused: tried.ok ? null : tried.reason };
  });
  const withDates = planList(list.definition, { ...request, from: request.from ?? '2000-01-01T00:00:00.000Z' });

  const exportCsv = {
    fetchPage: list.fetcher(exported),
    columns: list.exportColumns,
    fileBaseName: list.fileBaseName,
    noun: list.noun.many,
    // On a customer's page the file names that customer too.
    fileName: () => exportFileName(list.fileBaseName, filters, userLabel, order)
  };
  const refreshable = {
    isRefetching: query.isRefetching || counts.isRefetching,
    isFetchingNextPage: query.isFetchingNextPage,
    refetch: () => Promise.all([query.refetch(), counts.refetch()])
  };
  const filtered = filters.status !== null || (!fixedUser && customer !== null) || filters.from !== null || filters.to !== null;

  return (
    <div className={embedded ? 'space-y-4' : 'space-y-6'}>
      {!embedded && (
        <>
          <ListPageHeader title={list.title} description={list.description} exportCsv={exportCsv} query={refreshable} />
          {list.above}
        </>
      )}
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <StatusTabs
            label={`${capitalised(list.noun.many)} by status`}
            statuses={list.statuses}
            current={filters.status}
            counts={counts}
            linkTo={(status) => linkTo(withStatus(filters, status))}
          />
          {embedded && (
            <div className="flex items-center gap-3">
              <ExportCsvButton {...exportCsv} />
              <RefreshButton query={refreshable} />
            </div>
          )}
        </div>
        <FilterBar
          customer={
            fixedUser
              ? undefined
              : {
                  value:
                    chosen.userId || chosen.email
                      ? {
                          name: card.data?.fullname?.trim() || (card.isError ? `Customer ${chosen.userId}` : null),
                          email: chosen.email ?? card.data?.email ?? null,
                          loading: lookUp && card.isPending
                        }
                      : null,
                  onPick: (user) => set({ customer: user.id, email: by === 'email' ? user.email : null }),
                  onClear: () => set({ customer: null, email: null }),
                  requireEmail: by === 'email'
                }
          }
          from={filters.from}
          to={filters.to}
          onDates={(from, to) => set({ from, to })}
          datesRefused={withDates.ok ? null : withDates.reason}
          zone={zoneLabel(zone)}
          order={order}
          orders={orders}
          onOrder={(next) => set({ order: next })}
        />
      </div>
      {!planned.ok ? (
        <RefusedNotice reason={planned.reason} onClearDates={() => set({ from: null, to: null })} onNewest={() => set({ order: 'newest' })} />
      ) : noOne ? (
        <RefusedNotice reason={`This customer has no e-mail address, so their ${list.noun.many} cannot be found.`} />
      ) : (
        <div className="space-y-3">
          {live.banner}
          <MoneyTable
            list={list}
            resetKey={JSON.stringify(input)}
            decorate={live.decorate}
            query={query}
            caption={`${capitalised(list.noun.many)}, ${orderLabels[order].toLowerCase()}`}
            noun={list.noun}
            sortField={unlistedField(order, list.sortField)}
            empty={list.empty}
            errorTitle={list.errorTitle}
            highlightedRowId={filters.focus}
            above={filters.focus ? <FocusNote noun={list.noun.one} order={order} onShowAll={() => set({ focus: null })} /> : undefined}
            emptyState={
              filtered ? (
                <FilteredEmpty
                  icon={list.empty.icon}
                  nounMany={list.noun.many}
                  filters={filters}
                  userLabel={fixedUser ? null : userLabel}
                  onClear={(cleared) => set(cleared)}
                />
              ) : undefined
            }
          />
        </div>
      )}
    </div>
  );
}
