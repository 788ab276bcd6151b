import { ArrowDownToLine } from 'lucide-react';
import { PagedTable } from '../../components/data-table/PagedTable';
import { RefreshButton } from '../../components/RefreshButton';
import { PageHeader } from '../../components/ui/PageHeader';
import { useDeposits } from './api/deposits';
import { depositColumns } from './columns';

export function DepositsPage() {
  const deposits = useDeposits();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Deposits"
        description="Review incoming deposits and mark them successful or failed; a successful deposit credits the customer once."
        actions={<RefreshButton query={deposits} />}
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
