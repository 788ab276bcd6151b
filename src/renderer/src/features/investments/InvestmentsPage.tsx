import { TrendingUp } from 'lucide-react';
import { PagedTable } from '../../components/data-table/PagedTable';
import { InvestmentTabs } from '../../components/InvestmentTabs';
import { RefreshButton } from '../../components/RefreshButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { useInvestments } from './api/investments';
import { investmentColumns } from './columns';

export function InvestmentsPage() {
  const investments = useInvestments();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Investments"
        description="Follow customers' investments and mark them active, completed or cancelled."
        actions={<RefreshButton query={investments} />}
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
