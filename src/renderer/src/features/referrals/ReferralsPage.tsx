import type { ReferralRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { cursorInput } from '../../components/data-table/paged-query';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { UserPlus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { PagedFooter } from '../../components/data-table/PagedFooter';
import { RefreshButton } from '../../components/RefreshButton';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { api, call, errorMessage, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useReferrals } from './api/referrals';
import { referralColumns } from './columns';

const noun = { one: 'referral', many: 'referrals' };


/** Every referrals, 500 a page, for Export CSV. */
const fetchAll: PageFetcher<ReferralRow> = (cursor, pageSize) =>
  call(() => api().referrals.list({ ...cursorInput(cursor), pageSize }));

export function ReferralsPage() {
  const referrals = useReferrals();
  const pages = referrals.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.rows), [pages]);
  const first = pages?.[0];
  const { errorUpdatedAt, error } = referrals;
  const failure = error ? `Failed to load referrals: ${errorMessage(error)}` : null;

  // The toast carries the reason ("Failed to load referrals: ...", docs/product-rules.md §12), so the page raises it rather than the query cache.
  useEffect(() => {
    if (failure && !isApiError(error, 'UNAUTHENTICATED')) notify.error(failure);
  }, [failure, error, errorUpdatedAt]);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Referral Dashboard"
        description="Who referred whom, and when each referred customer registered. Newest first."
        actions={
          <>
            <ExportCsvButton fetchPage={fetchAll} columns={exportColumns.referrals} fileBaseName="referrals" noun="referrals" />
            <RefreshButton query={referrals} />
          </>
        }
      />
      {referrals.isError && !pages ? (
        <Card>
          <ErrorState
            title={failure ?? 'Failed to load referrals.'}
            message="Check the connection to the platform, then try again."
            onRetry={() => void referrals.refetch()}
            retrying={referrals.isFetching}
          />
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <DataTable
            caption="Referrals, newest first"
            columns={referralColumns}
            rows={rows}
            getRowId={(row) => row.id}
            empty={<EmptyState icon={UserPlus} title="No referrals found" description="Customers who sign up with a referral code appear here." />}
          />
          {rows && first && (rows.length > 0 || (first.unlisted ?? 0) > 0) && (
            <PagedFooter
              shown={rows.length}
              total={first.total}
              unlisted={first.unlisted}
              noun={noun}
              sortField="registration date"
              hasMore={referrals.hasNextPage}
              loadingMore={referrals.isFetchingNextPage}
              onLoadMore={() => {
                if (!referrals.isFetchingNextPage) void referrals.fetchNextPage();
              }}
              loadMoreLabel="Load More Referrals"
            />
          )}
        </Card>
      )}
    </div>
  );
}
