import { TrendingUp } from 'lucide-react';
import type { InvestmentRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { cursorInput } from '../../components/data-table/paged-query';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { PagedTable } from '../../components/data-table/PagedTable';
import { InvestmentTabs } from '../../components/InvestmentTabs';
import { RefreshButton } from '../../components/RefreshButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { api, call } from '../../lib/api';
import { useInvestments } from './api/investments';
import { investmentColumns } from './columns';

/** Every investment, 500 a page, for Export CSV. */
const fetchInvestments: PageFetcher<InvestmentRow> = (cursor, pageSize) =>
  call(() => api().investments.list({ ...cursorInput(cursor), pageSize }));

export function InvestmentsPage() {
  const investments = useInvestments();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Investments"
        description="Follow customers' investments and mark them active, completed or cancelled."
        actions={
          <>
            <ExportCsvButton
              fetchPage={fetchInvestments}
              columns={exportColumns.investments}
              fileBaseName="investments"
              noun="investments"
            />
            <RefreshButton query={investments} />
          </>
        }
      />
      <InvestmentTabs />
      <PagedTable
        query={investments}
        columns={investmentColumns}
        caption="Investments, newest first"
        noun={{ one: 'investment', many: 'investments' }}
        sortField="creation date"
        empty={{ icon: TrendingUp, title: 'No investments yet', description: "Customers' investments appear here, newest first." }}
        errorTitle="Couldn't load investments"
      />
    </div>
  );
}
