import { Layers } from 'lucide-react';
import type { CompoundInvestmentRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { MoneyListPage } from '../../components/data-table/MoneyListPage';
import { cursorInput } from '../../components/data-table/paged-query';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { InvestmentTabs } from '../../components/InvestmentTabs';
import { api, call } from '../../lib/api';
import { useCompoundInvestments } from './api/compound-investments';
import { compoundInvestmentColumns } from './columns';

/** Every compound investment, 500 a page, for Export CSV. */
const fetchAll: PageFetcher<CompoundInvestmentRow> = (cursor, pageSize) =>
  call(() => api().compoundInvestments.list({ ...cursorInput(cursor), pageSize }));

export function CompoundInvestmentsPage() {
  return (
    <MoneyListPage
      title="All Compound Investments"
      description="Follow compound investments from start to end and set them active, completed or pending."
      query={useCompoundInvestments()}
      columns={compoundInvestmentColumns}
      noun={{ one: 'compound investment', many: 'compound investments' }}
      sortField="start date"
      empty={{ icon: Layers, title: 'No investments found' }}
      errorTitle="Couldn't load compound investments"
      exportAll={{ fetchPage: fetchAll, columns: exportColumns.compoundInvestments, fileBaseName: 'compound-investments' }}
    >
      <InvestmentTabs />
    </MoneyListPage>
  );
}
