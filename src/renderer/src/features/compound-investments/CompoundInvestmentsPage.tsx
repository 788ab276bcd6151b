import { Layers } from 'lucide-react';
import { PagedTable } from '../../components/data-table/PagedTable';
import { InvestmentTabs } from '../../components/InvestmentTabs';
import { RefreshButton } from '../../components/RefreshButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { useCompoundInvestments } from './api/compound-investments';
import { compoundInvestmentColumns } from './columns';

export function CompoundInvestmentsPage() {
  const investments = useCompoundInvestments();
  return (
    <div className="space-y-6">
      <PageHeader
        title="All Compound Investments"
        description="Follow compound investments from start to end and set them active, completed or pending."
        actions={<RefreshButton query={investments} />}
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
