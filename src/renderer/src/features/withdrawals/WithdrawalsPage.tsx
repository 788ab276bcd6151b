import { ArrowUpFromLine } from 'lucide-react';
import type { WithdrawalRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { cursorInput } from '../../components/data-table/paged-query';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { PagedTable } from '../../components/data-table/PagedTable';
import { RefreshButton } from '../../components/RefreshButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { api, call } from '../../lib/api';
import { useWithdrawals } from './api/withdrawals';
import { withdrawalColumns } from './columns';

/** Every withdrawal, 500 a page, for Export CSV. */
const fetchWithdrawals: PageFetcher<WithdrawalRow> = (cursor, pageSize) =>
  call(() => api().withdrawals.list({ ...cursorInput(cursor), pageSize }));

export function WithdrawalsPage() {
  const withdrawals = useWithdrawals();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawals"
        description="Approve or reject withdrawal requests; a rejected amount returns to the customer's balance once."
        actions={
          <>
            <ExportCsvButton
              fetchPage={fetchWithdrawals}
              columns={exportColumns.withdrawals}
              fileBaseName="withdrawals"
              noun="withdrawals"
            />
            <RefreshButton query={withdrawals} />
          </>
        }
      />
      <PagedTable
        query={withdrawals}
        columns={withdrawalColumns}
        caption="Withdrawals, newest first"
        noun={{ one: 'withdrawal', many: 'withdrawals' }}
        sortField="creation date"
        empty={{ icon: ArrowUpFromLine, title: 'No withdrawals yet', description: "Customers' withdrawal requests appear here, newest first." }}
        errorTitle="Couldn't load withdrawals"
      />
    </div>
  );
}
