import { useEffect } from 'react';
import { useUrlPageSize } from '../../lib/page-sizes';
import { exportColumns } from '@shared/export/csv';
import { ColumnsButton } from '../../components/data-table/ColumnsButton';
import { PagedTable } from '../../components/data-table/PagedTable';
import { useColumnLayout } from '../../lib/column-layouts';
import { ListPageHeader } from '../../components/ListPageHeader';
import { errorMessage, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { customersLoaded, SuspendedMarks } from '../../modules/customers/suspended-marks';
import { fetchReferrals, useReferrals } from './api/referrals';
import { referralCustomers, referralTable } from './columns';

export function ReferralsPage() {
  const size = useUrlPageSize('referrals');
  const referrals = useReferrals(size.pageSize, size.ready);
  const layout = useColumnLayout('referrals');
  const { errorUpdatedAt, error } = referrals;
  const failure = error ? `Failed to load referrals: ${errorMessage(error)}` : null;

  // The toast carries the reason ("Failed to load referrals: ...", docs/product-rules.md §12), so the page raises it rather than the query cache.
  useEffect(() => {
    if (failure && !isApiError(error, 'UNAUTHENTICATED')) notify.error(failure);
  }, [failure, error, errorUpdatedAt]);

  return (
    <div className="space-y-6">
      <ListPageHeader
        title="Admin Referral Dashboard"
        description="Who referred whom, and when each referred customer registered. Newest first."
        exportCsv={{ fetchPage: fetchReferrals, columns: exportColumns.referrals, fileBaseName: 'referrals', noun: 'referrals' }}
        query={referrals}
        columnsButton={<ColumnsButton columns={referralTable.columns} layout={layout} what={referralTable.noun.many} />}
      />
      <SuspendedMarks customers={customersLoaded(referrals.data, referralCustomers)}>
        <PagedTable
          {...referralTable}
          query={referrals}
          errorTitle={failure ?? 'Failed to load referrals.'}
          errorHint="Check the connection to the platform, then try again."
          pageSize={size.choice}
          layout={layout}
        />
      </SuspendedMarks>
    </div>
  );
}
