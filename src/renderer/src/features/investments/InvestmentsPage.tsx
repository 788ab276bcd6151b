import { TrendingUp } from 'lucide-react';
import type { InvestmentRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { MoneyListPage } from '../../components/data-table/MoneyListPage';
import { cursorInput } from '../../components/data-table/paged-query';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { InvestmentTabs } from '../../components/InvestmentTabs';
import { api, call } from '../../lib/api';
import { useInvestments } from './api/investments';
import { investmentColumns } from './columns';

/** Every investment, 500 a page, for Export CSV. */
const fetchAll: PageFetcher<InvestmentRow> = (cursor, pageSize) =>
  call(() => api().investments.list({ ...cursorInput(cursor), pageSize }));

export function InvestmentsPage() {
  return (
    <MoneyListPage
      title="Investments"
      description="Follow customers' investments and mark them active, completed or cancelled."
      query={useInvestments()}
      columns={investmentColumns}
      noun={{ one: 'investment', many: 'investments' }}
      sortField="creation date"
      empty={{ icon: TrendingUp, title: 'No investments yet', description: "Customers' investments appear here, newest first." }}
      errorTitle="Couldn't load investments"
      exportAll={{ fetchPage: fetchAll, columns: exportColumns.investments, fileBaseName: 'investments' }}
    >
      <InvestmentTabs />
    </MoneyListPage>
  );
}
