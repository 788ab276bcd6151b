import { ArrowUpFromLine } from 'lucide-react';
import { PagedTable } from '../../components/data-table/PagedTable';
import { RefreshButton } from '../../components/RefreshButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { useWithdrawals } from './api/withdrawals';
import { withdrawalColumns } from './columns';

export function WithdrawalsPage() {
  const withdrawals = useWithdrawals();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawals"
        description="Approve or reject withdrawal requests; a rejected amount returns to the customer's balance once."
        actions={<RefreshButton query={withdrawals} />}
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
