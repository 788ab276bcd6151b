import { ArrowUpFromLine } from 'lucide-react';
import type { WithdrawalRow } from '../../../../shared/contract';
import { withdrawalLock, withdrawalStatuses, type WithdrawalStatus } from '../../../../shared/domain/statuses';
import { exportColumns } from '../../../../shared/export/csv';
import { column } from '../../components/data-table/column';
import { amountColumn, customerColumn, dateColumn, statusColumn, textColumn } from '../../components/data-table/common-columns';
import { moneyConfirmation } from '../../components/money-list/confirmation';
import { defineMoneyList } from '../../components/money-list/money-list';
import { MoneyListPage } from '../../components/money-list/MoneyListPage';
import { fetchWithdrawals, setWithdrawalStatus, withdrawalKeys } from './api/withdrawals';
import { WalletAddressCell } from './components/WalletAddressCell';

/** Approving and rejecting both move money and are final, so both are asked first, saying what follows. */
function withdrawalConfirmation(row: WithdrawalRow, next: WithdrawalStatus) {
  if (next === 'approved') {
    return moneyConfirmation(row, {
      title: 'Approve withdrawal?',
      question: ['Approve this withdrawal of', 'to', '?'],
      consequence: 'Their Total withdrawal increases by the amount and the customer is e-mailed. This cannot be undone.',
      confirmLabel: 'Approve withdrawal'
    });
  }
  if (next === 'rejected') {
    return moneyConfirmation(row, {
      title: 'Reject withdrawal?',
      question: ['Reject this withdrawal of', 'from', '?'],
      consequence: "The amount goes back to the customer's balance and the customer is e-mailed. This cannot be undone.",
      confirmLabel: 'Reject withdrawal',
      tone: 'danger'
    });
  }
  return null;
}

const withdrawalsList = defineMoneyList<WithdrawalRow, WithdrawalStatus>({
  title: 'Withdrawals',
  description: "Approve or reject withdrawal requests; a rejected amount returns to the customer's balance once.",
  // docs/product-rules.md §12 wording.
  loadFailed: 'Failed to fetch withdrawals.',
  status: {
    statuses: withdrawalStatuses,
    lock: (row) => withdrawalLock(row.status),
    confirmation: withdrawalConfirmation,
    save: setWithdrawalStatus
  },
  noun: { one: 'withdrawal', many: 'withdrawals' },
  /** docs/product-rules.md §2: Email, Amount, Crypto Type, Wallet Address, Status, Change Status, Created At. */
  columns: (changeStatus) => [
    customerColumn(),
    amountColumn(),
    textColumn('cryptoType', 'Crypto Type', (row) => row.cryptoType, 'w-16'),
    column<WithdrawalRow>('walletAddress', 'Wallet Address', (row) => <WalletAddressCell address={row.walletAddress} />, {
      skeleton: 'w-36'
    }),
    statusColumn(),
    changeStatus,
    dateColumn('createdAt', 'Created At', (row) => row.createdAt)
  ],
  sortField: 'creation date',
  empty: { icon: ArrowUpFromLine, title: 'No withdrawals yet', description: "Customers' withdrawal requests appear here, newest first." },
  source: { keys: withdrawalKeys, fetchPage: fetchWithdrawals, exportColumns: exportColumns.withdrawals }
});

export function WithdrawalsPage() {
  return <MoneyListPage list={withdrawalsList} />;
}
