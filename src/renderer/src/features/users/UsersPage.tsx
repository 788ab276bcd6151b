import { exportColumns } from '../../../../shared/export/csv';
import { ListPageHeader } from '../../components/ListPageHeader';
import { SearchX, Users } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { PagedFooter } from '../../components/data-table/PagedFooter';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { fetchUsers, useUsers, useUsersCount, useUserSearch } from './api/users';
import { userColumns, type ListedUser } from './columns';
import { DeleteUserDialog } from '../../components/users/DeleteUserDialog';
import { KycDialog } from '../../components/users/KycDialog';
import { ManageDialog } from '../../components/users/ManageDialog';
import { PasswordNotice } from './components/PasswordNotice';
import type { UserAction } from './components/RowActions';
import { UserSearch } from './components/UserSearch';
import { UsersTable } from './components/UsersTable';
import { matchesUser, normalizeSearch, searchSummary } from './search';

const noun = { one: 'customer', many: 'customers' };

export function UsersPage() {
  const users = useUsers();
  const count = useUsersCount();
  const [text, setText] = useState('');
  /** The text Enter searched Firestore for; null until Enter, and again once the text changes. */
  const [searched, setSearched] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ action: UserAction; user: ListedUser } | null>(null);
  const search = useUserSearch(searched);

  const needle = normalizeSearch(useDeferredValue(text));
  const pages = users.data?.pages;
  const loaded = useMemo(() => pages?.flatMap((page) => page.rows), [pages]);

  const extras = useMemo(() => {
    if (!loaded || searched === null || !search.data) return [];
    const ids = new Set(loaded.map((row) => row.id));
    return search.data.rows
      .filter((row) => !ids.has(row.id))
      .map((row): ListedUser => ({ ...row, foundBySearch: true }));
  }, [loaded, searched, search.data]);

  const rows = useMemo(() => {
    if (!loaded) return undefined;
    const local = needle ? loaded.filter((row) => matchesUser(row, needle)) : loaded;
    return extras.length > 0 ? [...local, ...extras] : local;
  }, [loaded, needle, extras]);
  const localMatches = rows ? rows.length - extras.length : 0;

  const columns = useMemo(() => userColumns((action, user) => setDialog({ action, user })), []);

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
  const dialogUser = dialog && ([...(loaded ?? []), ...extras].find((row) => row.id === dialog.user.id) ?? dialog.user);
  const closeDialog = () => setDialog(null);

  const first = pages?.[0];
  const filtering = needle !== '';

  return (
    <div className="space-y-6">
      <ListPageHeader
        title="Manage Users"
        description="Find customers, adjust their figures with a recorded reason, verify accounts and review KYC documents."
        exportCsv={{ fetchPage: fetchUsers, columns: exportColumns.users, fileBaseName: 'customers', noun: 'customers' }}
        query={users}
      />

      <PasswordNotice />

      {users.isError && !pages ? (
        <Card>
          <QueryErrorState query={users} title="Failed to fetch users." />
        </Card>
      ) : (
        <>
          <div className="space-y-2">
            <UserSearch value={text} onChange={changeText} onSearchAll={searchAll} searching={search.isFetching} />
            <div role="status" aria-live="polite" aria-label="Search summary" className="min-h-5 text-sm text-slate-600">
              {filtering && rows && (
                <span className="mr-3 tabular-nums">
                  {localMatches === 0 ? 'No loaded customer matches.' : `${formatCount(localMatches)} of ${formatCount(loaded?.length ?? 0)} loaded customers match.`}
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
            <UsersTable
              caption="Customers, newest first"
              columns={columns}
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
                  <EmptyState icon={Users} title="No customers yet" description="Customers appear here when they sign up, newest first." />
                )
              }
            />
            {loaded && first && (loaded.length > 0 || (count.data?.unlisted ?? 0) > 0) && (
              <PagedFooter
                shown={loaded.length}
                total={count.data?.total ?? null}
                unlisted={count.data?.unlisted ?? null}
                noun={noun}
                sortField="sign-up date"
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

      {dialog && dialogUser && dialog.action === 'manage' && <ManageDialog key={dialogUser.id} user={dialogUser} onClose={closeDialog} />}
      {dialog && dialogUser && dialog.action === 'kyc' && <KycDialog key={dialogUser.id} user={dialogUser} onClose={closeDialog} />}
      {dialog && dialogUser && dialog.action === 'delete' && (
        <DeleteUserDialog key={dialogUser.id} user={dialogUser} onClose={closeDialog} />
      )}
    </div>
  );
}
