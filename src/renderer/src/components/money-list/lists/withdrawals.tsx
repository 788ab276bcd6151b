import { ArrowUpFromLine } from 'lucide-react';
import type { WithdrawalRow } from '../../../../../shared/contract';
import { withdrawalLock, withdrawalStatuses, type WithdrawalStatus } from '../../../../../shared/domain/statuses';
import { api } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';
import { column } from '../../data-table/column';
import { amountColumn, customerColumn, dateColumn, statusColumn, textColumn } from '../../data-table/common-columns';
import { moneyConfirmation } from '../confirmation';
import { defineMoneyList, statusSetter } from '../money-list';
import { WalletAddressCell } from './WalletAddressCell';

export const setWithdrawalStatus = statusSetter<WithdrawalStatus>('withdrawals.setStatus', (input) => api().withdrawals.setStatus(input));

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

export const withdrawalsList = defineMoneyList<WithdrawalRow, WithdrawalStatus>({
  name: 'withdrawals',
  root: rootKeys.withdrawals,
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
  empty: { icon: ArrowUpFromLine, title: 'No withdrawals yet', description: "Customers' withdrawal requests appear here, newest first." }
});
