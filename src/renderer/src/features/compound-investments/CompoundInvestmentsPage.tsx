import { Layers } from 'lucide-react';
import type { CompoundInvestmentRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { cursorInput } from '../../components/data-table/paged-query';
import { ExportCsvButton } from '../../components/export/ExportCsvButton';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { PagedTable } from '../../components/data-table/PagedTable';
import { InvestmentTabs } from '../../components/InvestmentTabs';
import { RefreshButton } from '../../components/RefreshButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { api, call } from '../../lib/api';
import { useCompoundInvestments } from './api/compound-investments';
import { compoundInvestmentColumns } from './columns';

/** Every compound investment, 500 a page, for Export CSV. */
const fetchCompoundInvestments: PageFetcher<CompoundInvestmentRow> = (cursor, pageSize) =>
  call(() => api().compoundInvestments.list({ ...cursorInput(cursor), pageSize }));

export function CompoundInvestmentsPage() {
  const investments = useCompoundInvestments();
  return (
    <div className="space-y-6">
      <PageHeader
        title="All Compound Investments"
        description="Follow compound investments from start to end and set them active, completed or pending."
        actions={
          <>
            <ExportCsvButton
              fetchPage={fetchCompoundInvestments}
              columns={exportColumns.compoundInvestments}
              fileBaseName="compound-investments"
              noun="compound investments"
            />
            <RefreshButton query={investments} />
          </>
        }
      />
      <InvestmentTabs />
      <PagedTable
        query={investments}
        columns={compoundInvestmentColumns}
        caption="Compound investments, newest first"
        noun={{ one: 'compound investment', many: 'compound investments' }}
        sortField="start date"
        empty={{ icon: Layers, title: 'No investments found' }}
        errorTitle="Couldn't load compound investments"
      />
    </div>
  );
}
