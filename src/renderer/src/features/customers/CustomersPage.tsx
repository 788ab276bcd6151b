import { exportColumns } from '@shared/export/csv';
import { ListPageHeader } from '../../components/ListPageHeader';
import { SearchX } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams, Link } from 'react-router-dom';
import { TabLinks } from '../../components/TabLinks';
import { ColumnsButton } from '../../components/data-table/ColumnsButton';
import { PagedFooter } from '../../components/data-table/PagedFooter';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/api';
import { useColumnLayout } from '../../lib/column-layouts';
import { formatCount } from '../../lib/format';
import { useVerificationCounts, useCustomers, usersFetcher, useCustomersCount, useSearchAllCustomers } from './api/customers';
import { customerColumns } from './columns';
import type { ListedCustomer } from './search';
import { DeleteCustomerDialog } from '../../modules/customers/DeleteCustomerDialog';
import { KycDialog } from '../../modules/customers/KycDialog';
import { ManageDialog } from '../../modules/customers/ManageDialog';
import { PasswordNotice } from './components/PasswordNotice';
import type { CustomerAction } from './components/RowActions';
import { CustomerSearch } from './components/CustomerSearch';
import { CustomersFilters, CustomersOrder } from './components/CustomersFilters';
import { CustomersTable } from './components/CustomersTable';
import { UnlistableView, ViewEmptyState } from './components/ViewEmptyState';
import { captionOf, exportNameOf, filterWords, inView, isKycQueue, KYC_QUEUE, searchOf, sortFieldOf, unlistableReason, viewOf } from './filters';
import { matchesCustomer, normalizeSearch, searchSummary } from './search';
import { SaveViewButton } from '../../modules/saved-views/SaveViewButton';
import { paths } from '../../lib/paths';

const noun = { one: 'customer', many: 'customers' };

export function CustomersPage() {
  const [params] = useSearchParams();
  const urlSearch = params.toString();
  // One object per URL, so the queries and the export keep theirs while the view is the same.
  const view = useMemo(() => viewOf(new URLSearchParams(urlSearch)), [urlSearch]);
  const unlistable = unlistableReason(view);
  const users = useCustomers(view, unlistable === null);
  const count = useCustomersCount(view, unlistable === null);
  const verificationCounts = useVerificationCounts();
  const fetchCustomers = useMemo(() => usersFetcher(view), [view]);
  const [text, setText] = useState('');
  /** The text Enter searched Firestore for; null until Enter, and again once the text changes. */
  const [searched, setSearched] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ action: CustomerAction; user: ListedCustomer } | null>(null);
  const search = useSearchAllCustomers(searched);

  const needle = normalizeSearch(useDeferredValue(text));
  const pages = users.data?.pages;
  const loaded = useMemo(() => pages?.flatMap((page) => page.rows), [pages]);

  const extras = useMemo(() => {
    if (!loaded || searched === null || !search.data) return [];
    const ids = new Set(loaded.map((row) => row.id));
    // Beyond the loaded pages, but only the customers the filters would list.
    return search.data.rows.filter((row) => !ids.has(row.id) && inView(row, view)).map((row): ListedCustomer => ({ ...row, foundBySearch: true }));
  }, [loaded, searched, search.data, view]);

  const rows = useMemo(() => {
    if (!loaded) return undefined;
    const local = needle ? loaded.filter((row) => matchesCustomer(row, needle)) : loaded;
    return extras.length > 0 ? [...local, ...extras] : local;
  }, [loaded, needle, extras]);
  const localMatches = rows ? rows.length - extras.length : 0;

  const columns = useMemo(() => customerColumns((action, user) => setDialog({ action, user })), []);
  const layout = useColumnLayout('users');

  const changeText = (value: string) => {
    setText(value);
    if (value.trim() !== searched) setSearched(null);
  };
  const searchAll = () => {
    const term = text.trim();
    if (!term) return;
    if (term === searched) void search.refetch();
    else setSearched(term);
  };

  // The dialog follows the row in the cache (new figures after an adjustment); the snapshot covers a deleted row.
  const dialogCustomer = dialog && ([...(loaded ?? []), ...extras].find((row) => row.id === dialog.user.id) ?? dialog.user);
  const closeDialog = () => setDialog(null);

  // Refresh re-reads the rows and every count on the page: the chips follow decisions made meanwhile.
  const refreshable = {
    isRefetching: users.isRefetching,
    isFetchingNextPage: users.isFetchingNextPage,
    // refetch() runs even a disabled query: a view Firestore cannot list refreshes only its counts.
    refetch: (options?: { cancelRefetch?: boolean }) =>
      Promise.all([verificationCounts.refetch(options), ...(unlistable === null ? [users.refetch(options), count.refetch(options)] : [])])
  };

  const first = pages?.[0];
  const filtering = needle !== '';
  const filterNames = filterWords(view);
  const pendingKyc = verificationCounts.data?.kyc.pending;

  return (
    <div className="space-y-6">
      <ListPageHeader
        title="Manage Users"
        description={
          <>
            Find customers, adjust their figures with a recorded reason, verify accounts and review KYC documents. Deleted customers stay on record under{' '}
            <Link to={paths.deletedUsers} className="font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900">
              Deleted customers
            </Link>
            .
          </>
        }
        exportCsv={{
          fetchPage: fetchCustomers,
          columns: exportColumns.users,
          fileBaseName: exportNameOf(view),
          noun: filterNames.length ? `customers (${filterNames.join(', ')})` : 'customers'
        }}
        query={refreshable}
      />

      <PasswordNotice />

      <div className="space-y-4">
        <TabLinks
          label="Customer lists"
          tabs={[
            { label: 'All customers', to: paths.users, active: !isKycQueue(view) },
            {
              label: pendingKyc === undefined ? 'KYC queue' : `KYC queue (${formatCount(pendingKyc)})`,
              to: `${paths.users}${searchOf(KYC_QUEUE)}`,
              active: isKycQueue(view)
            }
          ]}
        />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CustomersFilters view={view} counts={verificationCounts} />
          <div className="flex items-center gap-3">
            <ColumnsButton columns={columns} layout={layout} what="customers" />
            <SaveViewButton screen="users" what="customers" />
          </div>
        </div>
      </div>

      {unlistable !== null ? (
        <Card>
          <UnlistableView view={view} reason={unlistable} counts={verificationCounts.data} />
        </Card>
      ) : users.isError && !pages ? (
        <QueryErrorState card query={users} title="Failed to fetch users." />
      ) : (
        <>
          <div className="space-y-2">
            <div className="flex items-start justify-between gap-6">
              <div className="min-w-0 flex-1">
                <CustomerSearch value={text} onChange={changeText} onSearchAll={searchAll} searching={search.isFetching} />
              </div>
              <CustomersOrder view={view} />
            </div>
            <div role="status" aria-live="polite" aria-label="Search summary" className="min-h-5 text-sm text-slate-600">
              {filtering && rows && (
                <span className="mr-3 tabular-nums">
                  {localMatches === 0
                    ? 'No loaded customer matches.'
                    : `${formatCount(localMatches)} of ${formatCount(loaded?.length ?? 0)} loaded customers match.`}
                </span>
              )}
              {searched !== null && search.isFetching && (
                <span className="inline-flex items-center gap-1.5 text-slate-500">
                  <Spinner /> Searching all customers…
                </span>
              )}
              {searched !== null && !search.isFetching && search.isError && (
                <span className="text-rose-700">Could not search all customers: {errorMessage(search.error)}</span>
              )}
              {searched !== null && !search.isFetching && search.isSuccess && (
                <span className="font-medium text-slate-800">
                  {searchSummary(extras.length, search.data.rows.length >= search.data.limit, search.data.limit)}
                </span>
              )}
            </div>
          </div>

          <Card>
            <CustomersTable
              caption={captionOf(view)}
              columns={columns}
              layout={layout}
              rows={rows}
              empty={
                filtering ? (
                  <EmptyState
                    icon={SearchX}
                    title={`No customers match "${text.trim()}"`}
                    description={
                      searched === null
                        ? 'Only the loaded customers were searched. Press Enter to search every customer.'
                        : 'No customer with this e-mail or name prefix exists.'
                    }
                  />
                ) : (
                  <ViewEmptyState view={view} />
                )
              }
            />
            {loaded && first && (loaded.length > 0 || (count.data?.unlisted ?? 0) > 0) && (
              <PagedFooter
                shown={loaded.length}
                total={count.data?.total ?? null}
                unlisted={count.data?.unlisted ?? null}
                noun={noun}
                sortField={sortFieldOf(view)}
                hasMore={users.hasNextPage}
                loadingMore={users.isFetchingNextPage}
                onLoadMore={() => {
                  if (!users.isFetchingNextPage) void users.fetchNextPage();
                }}
              />
            )}
          </Card>
        </>
      )}

      {dialog && dialogCustomer && dialog.action === 'manage' && <ManageDialog key={dialogCustomer.id} user={dialogCustomer} onClose={closeDialog} />}
      {dialog && dialogCustomer && dialog.action === 'kyc' && <KycDialog key={dialogCustomer.id} user={dialogCustomer} onClose={closeDialog} />}
      {dialog && dialogCustomer && dialog.action === 'delete' && <DeleteCustomerDialog key={dialogCustomer.id} user={dialogCustomer} onClose={closeDialog} />}
    </div>
  );
}
