import type { WithdrawalRow } from '../../../../shared/contract';
import { withdrawalLock, withdrawalStatuses } from '../../../../shared/domain/statuses';
import { AmountCell, DateCell, TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { CustomerButton } from '../../components/customer/CustomerButton';
import { StatusBadge } from '../../components/status/StatusBadge';
import { StatusChangeCell } from '../../components/status/StatusChangeCell';
import { moneyKeys } from '../../components/status/use-status-change';
import { setWithdrawalStatus, withdrawalsListKey } from './api/withdrawals';
import { WalletAddressCell } from './components/WalletAddressCell';
import { withdrawalConfirmation } from './confirmation';

/** docs/product-rules.md §2: Email, Amount, Crypto Type, Wallet Address, Status, Change Status, Created At. */
export const withdrawalColumns = [
  column<WithdrawalRow>('email', 'Email', (row) => <CustomerButton customerId={row.userId} email={row.email} />, {
    skeleton: 'w-44'
  }),
  column<WithdrawalRow>('amount', 'Amount', (row) => <AmountCell amount={row.amount} raw={row.amountRaw} />, {
    align: 'right',
    skeleton: 'w-20'
  }),
  column<WithdrawalRow>('cryptoType', 'Crypto Type', (row) => <TextCell value={row.cryptoType} />, { skeleton: 'w-16' }),
  column<WithdrawalRow>('walletAddress', 'Wallet Address', (row) => <WalletAddressCell address={row.walletAddress} />, {
    skeleton: 'w-36'
  }),
  column<WithdrawalRow>('status', 'Status', (row) => <StatusBadge status={row.status} />, { skeleton: 'w-16' }),
  column<WithdrawalRow>(
    'changeStatus',
    'Change Status',
    (row) => (
      <StatusChangeCell
        rowId={row.id}
        status={row.status}
        statuses={withdrawalStatuses}
        label={`Change status for withdrawal from ${row.email ?? row.username ?? row.id}`}
        lock={withdrawalLock(row.status)}
        confirmation={(next) => withdrawalConfirmation(row, next)}
        save={(status) => setWithdrawalStatus(row.id, status)}
        listKey={withdrawalsListKey}
        alsoInvalidate={moneyKeys}
      />
    ),
    { skeleton: 'w-28' }
  ),
  column<WithdrawalRow>('createdAt', 'Created At', (row) => <DateCell value={row.createdAt} />, { skeleton: 'w-32' })
];
