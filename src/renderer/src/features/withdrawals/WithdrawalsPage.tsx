import { ArrowUpFromLine } from 'lucide-react';
import type { WithdrawalRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { MoneyListPage } from '../../components/data-table/MoneyListPage';
import { cursorInput } from '../../components/data-table/paged-query';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { api, call } from '../../lib/api';
import { useWithdrawals } from './api/withdrawals';
import { withdrawalColumns } from './columns';

/** Every withdrawal, 500 a page, for Export CSV. */
const fetchAll: PageFetcher<WithdrawalRow> = (cursor, pageSize) =>
  call(() => api().withdrawals.list({ ...cursorInput(cursor), pageSize }));

export function WithdrawalsPage() {
  return (
    <MoneyListPage
      title="Withdrawals"
      description="Approve or reject withdrawal requests; a rejected amount returns to the customer's balance once."
      query={useWithdrawals()}
      columns={withdrawalColumns}
      noun={{ one: 'withdrawal', many: 'withdrawals' }}
      sortField="creation date"
      empty={{ icon: ArrowUpFromLine, title: 'No withdrawals yet', description: "Customers' withdrawal requests appear here, newest first." }}
      errorTitle="Couldn't load withdrawals"
      exportAll={{ fetchPage: fetchAll, columns: exportColumns.withdrawals, fileBaseName: 'withdrawals' }}
    />
  );
}
