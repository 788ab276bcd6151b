import { ArrowDownToLine } from 'lucide-react';
import type { DepositRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { cursorInput } from '../../components/data-table/paged-query';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { PagedTable } from '../../components/data-table/PagedTable';
import { RefreshButton } from '../../components/RefreshButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { api, call } from '../../lib/api';
import { useDeposits } from './api/deposits';
import { depositColumns } from './columns';

/** Every deposit, 500 a page, for Export CSV. */
const fetchDeposits: PageFetcher<DepositRow> = (cursor, pageSize) =>
  call(() => api().deposits.list({ ...cursorInput(cursor), pageSize }));

export function DepositsPage() {
  const deposits = useDeposits();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Deposits"
        description="Review incoming deposits and mark them successful or failed; a successful deposit credits the customer once."
        actions={
          <>
            <ExportCsvButton
              fetchPage={fetchDeposits}
              columns={exportColumns.deposits}
              fileBaseName="deposits"
              noun="deposits"
            />
            <RefreshButton query={deposits} />
          </>
        }
      />
      <PagedTable
        query={deposits}
        columns={depositColumns}
        caption="Deposits, newest first"
        noun={{ one: 'deposit', many: 'deposits' }}
        sortField="timestamp"
        empty={{ icon: ArrowDownToLine, title: 'No deposits yet', description: 'Deposits customers make appear here, newest first.' }}
        errorTitle="Couldn't load deposits"
      />
    </div>
  );
}
