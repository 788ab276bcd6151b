import { ArrowDownToLine } from 'lucide-react';
import type { DepositRow } from '../../../../shared/contract';
import { exportColumns } from '../../../../shared/export/csv';
import { MoneyListPage } from '../../components/data-table/MoneyListPage';
import { cursorInput } from '../../components/data-table/paged-query';
import type { PageFetcher } from '../../components/export/use-csv-export';
import { api, call } from '../../lib/api';
import { useDeposits } from './api/deposits';
import { depositColumns } from './columns';

/** Every deposit, 500 a page, for Export CSV. */
const fetchAll: PageFetcher<DepositRow> = (cursor, pageSize) =>
  call(() => api().deposits.list({ ...cursorInput(cursor), pageSize }));

export function DepositsPage() {
  return (
    <MoneyListPage
      title="Deposits"
      description="Review incoming deposits and mark them successful or failed; a successful deposit credits the customer once."
      query={useDeposits()}
      columns={depositColumns}
      noun={{ one: 'deposit', many: 'deposits' }}
      sortField="timestamp"
      empty={{ icon: ArrowDownToLine, title: 'No deposits yet', description: 'Deposits customers make appear here, newest first.' }}
      errorTitle="Couldn't load deposits"
      exportAll={{ fetchPage: fetchAll, columns: exportColumns.deposits, fileBaseName: 'deposits' }}
    />
  );
}
