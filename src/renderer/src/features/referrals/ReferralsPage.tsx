import type { ReferralRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { cursorInput } from '../../components/data-table/paged-query';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { unlistedNote } from '../../components/data-table/PagedFooter';
import { RefreshButton } from '../../components/RefreshButton';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { api, call, errorMessage, isApiError } from '../../lib/api';
import { formatCount } from '../../lib/format';
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
  const rows = pages?.flatMap((page) => page.rows);
  const first = pages?.[0];
  const failure = referrals.error ? `Failed to load referrals: ${errorMessage(referrals.error)}` : null;

  // SPEC §8 words the toast with the reason in it, so the page raises it rather than the query cache.
  const { errorUpdatedAt, error } = referrals;
  useEffect(() => {
    if (error && !isApiError(error, 'UNAUTHENTICATED')) notify.error(`Failed to load referrals: ${errorMessage(error)}`);
  }, [error, errorUpdatedAt]);

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
            <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-t border-slate-200 px-5 py-3">
              <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-500">
                <p role="status" className="tabular-nums">
                  Showing {formatCount(rows.length)}
                  {first.total !== null ? ` of ${formatCount(first.total)}` : ''} {rows.length === 1 && first.total === 1 ? noun.one : noun.many}
                </p>
                {(first.unlisted ?? 0) > 0 && <p className="text-xs">{unlistedNote(first.unlisted ?? 0, noun, 'registration date')}</p>}
              </div>
              {referrals.hasNextPage && (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={referrals.isFetchingNextPage}
                  onClick={() => {
                    if (!referrals.isFetchingNextPage) void referrals.fetchNextPage();
                  }}
                >
                  Load More Referrals
                </Button>
              )}
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
