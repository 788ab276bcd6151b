import type { ReactNode } from 'react';
import { ColumnsButton } from '../../components/data-table/ColumnsButton';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import { ListPageHeader } from '../../components/ListPageHeader';
import { RefreshButton } from '../../components/RefreshButton';
import { useColumnLayout } from '../../lib/column-layouts';
import { useMay } from '../../lib/role';
import { readOnlyList } from './read-only';
import { zoneLabel } from '../../lib/format';
import { columnListOf } from './column-lists';
import { ReviewTable } from './bulk/ReviewTable';
import type { DecisionMethod } from '../status/status-change';
import type { ReviewList, ReviewRow } from './definition';
import { FilterBar } from './FilterBar';
import { FilteredEmpty, FocusNote, RefusedNotice } from './ListNotes';
import { LiveBanner } from './live/LiveBanner';
import { customersLoaded, SuspendedMarks } from '../customers/suspended-marks';
import { StatusTabs, type ExtraTab } from './StatusTabs';
import { useReviewList, type FixedUser, type ReviewListState } from './use-review-list';
import { withStatus } from './view';
import { orderLabels, unlistedField } from './wording';

export type { FixedUser } from './use-review-list';

interface ReviewListPageProps<T extends ReviewRow, S extends string, M extends DecisionMethod> {
  list: ReviewList<T, S, M>;
  /** Shows only this user's records and hides the customer filter. */
  fixedUser?: FixedUser;
  /** Inside another screen (a user page's tab): no page title, a compact toolbar. */
  embedded?: boolean;
  /** Between the header and the filters on the list's own screen (the Investments / Compound tabs). */
  above?: ReactNode;
  /** A tab beside the status tabs (Investments: Due). */
  extraTab?: ExtraTab;
  /** Beside the status tabs on the list's own screen: what the screen adds (its Save view). */
  actions?: ReactNode;
}

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * Deposits, withdrawals and both kinds of investments as review queues: status tabs with counts,
 * customer, dates and order in the URL, paged by cursor, exported as filtered, and a record
 * opened by id shown highlighted. Embeddable with a fixed user.
 */
export function ReviewListPage<T extends ReviewRow, S extends string, M extends DecisionMethod>({
  list,
  fixedUser,
  embedded = false,
  above,
  extraTab,
  actions
}: ReviewListPageProps<T, S, M>) {
  const state = useReviewList(list, fixedUser);
  const { filters, set, exportCsv, refreshable } = state;
  const layout = useColumnLayout(columnListOf(list.name, embedded));
  // The Columns dialog lists what the table shows: no Change Status for a role that may not decide.
  const columnsButton = <ColumnsButton columns={readOnlyList(list, useMay('decide')).tableColumns} layout={layout} what={list.noun.many} />;
  return (
    <div className={embedded ? 'space-y-4' : 'space-y-6'}>
      {!embedded && (
        <>
          <ListPageHeader title={list.title} description={list.description} exportCsv={exportCsv} query={refreshable} />
          {above}
        </>
      )}
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <StatusTabs
            label={`${capitalised(list.noun.many)} by status`}
            statuses={list.statuses}
            current={filters.status}
            counts={state.counts}
            linkTo={(status) => state.linkTo(withStatus(filters, status))}
            extra={extraTab}
          />
          <div className="flex items-center gap-3">
            {columnsButton}
            {embedded ? (
              <>
                <ExportCsvButton {...exportCsv} />
                <RefreshButton query={refreshable} />
              </>
            ) : (
              actions
            )}
          </div>
        </div>
        <ListFilters state={state} fixed={fixedUser !== undefined} />
      </div>
      {state.refused !== null ? (
        <RefusedNotice reason={state.refused} onClearDates={() => set({ from: null, to: null })} onNewest={() => set({ order: 'newest' })} />
      ) : state.noOne ? (
        <RefusedNotice reason={`This customer has no e-mail address, so their ${list.noun.many} cannot be found.`} />
      ) : (
        <SuspendedMarks customers={customersLoaded(state.query.data)}>
          <div className="space-y-3">
            <LiveBanner live={state.live} />
            <ReviewTable
              list={list}
              resetKey={JSON.stringify(state.input)}
              pageSize={state.pageSize}
              layout={layout}
              fetchMatching={state.fetchMatching}
              decorate={state.live.decorate}
              query={state.query}
              caption={`${capitalised(list.noun.many)}, ${orderLabels[state.order].toLowerCase()}`}
              noun={list.noun}
              sortField={unlistedField(state.order, list.sortField)}
              empty={list.empty}
              errorTitle={list.errorTitle}
              highlightedRowId={filters.focus}
              above={filters.focus ? <FocusNote noun={list.noun.one} order={state.order} onShowAll={() => set({ focus: null })} /> : undefined}
              emptyState={
                state.filtered ? (
                  <FilteredEmpty
                    icon={list.empty.icon}
                    nounMany={list.noun.many}
                    filters={filters}
                    customerLabel={fixedUser ? null : state.customerLabel}
                    onClear={(cleared) => set(cleared)}
                  />
                ) : undefined
              }
            />
          </div>
        </SuspendedMarks>
      )}
    </div>
  );
}

/** The customer (unless the list is fixed to one), the dates and the order. */
function ListFilters<T extends ReviewRow, S extends string, M extends DecisionMethod>({ state, fixed }: { state: ReviewListState<T, S, M>; fixed: boolean }) {
  const { chosen, card, set, by } = state;
  const picked =
    chosen.userId || chosen.email
      ? {
          name: card.data?.fullname?.trim() || (card.isError ? `Customer ${chosen.userId}` : null),
          email: chosen.email ?? card.data?.email ?? null,
          loading: card.lookingUp
        }
      : null;
  return (
    <FilterBar
      customer={
        fixed
          ? undefined
          : {
              value: picked,
              onPick: (user) => set({ customer: user.id, email: by === 'email' ? user.email : null }),
              onClear: () => set({ customer: null, email: null }),
              requireEmail: by === 'email'
            }
      }
      from={state.filters.from}
      to={state.filters.to}
      onDates={(from, to) => set({ from, to })}
      datesRefused={state.datesRefused}
      zone={zoneLabel(state.zone)}
      order={state.order}
      orders={state.orders}
      onOrder={(next) => set({ order: next })}
    />
  );
}
