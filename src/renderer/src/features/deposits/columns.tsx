import type { DepositRow } from '../../../../shared/contract';
import { depositLock, depositStatuses } from '../../../../shared/domain/statuses';
import { AmountCell, DateCell, TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { CustomerButton } from '../../components/customer/CustomerButton';
import { StatusBadge } from '../../components/status/StatusBadge';
import { StatusChangeCell } from '../../components/status/StatusChangeCell';
import { depositInvalidates, depositsListKey, setDepositStatus } from './api/deposits';
import { depositConfirmation } from './confirmation';

/** docs/product-rules.md §2: Email, Method, Amount, Timestamp, Status, Change Status. */
export const depositColumns = [
  column<DepositRow>('email', 'Email', (row) => <CustomerButton customerId={row.userId} email={row.email} />, {
    skeleton: 'w-44'
  }),
  column<DepositRow>('method', 'Method', (row) => <TextCell value={row.method} />, { skeleton: 'w-16' }),
  column<DepositRow>('amount', 'Amount', (row) => <AmountCell amount={row.amount} raw={row.amountRaw} />, {
    align: 'right',
    skeleton: 'w-20'
  }),
  column<DepositRow>('timestamp', 'Timestamp', (row) => <DateCell value={row.timestamp} />, { skeleton: 'w-32' }),
  column<DepositRow>('status', 'Status', (row) => <StatusBadge status={row.status} />, { skeleton: 'w-16' }),
  column<DepositRow>(
    'changeStatus',
    'Change Status',
    (row) => (
      <StatusChangeCell
        rowId={row.id}
        status={row.status}
        statuses={depositStatuses}
        label={`Change status for deposit from ${row.email ?? row.username ?? row.id}`}
        lock={depositLock(row.status)}
        confirmation={(next) => depositConfirmation(row, next)}
        save={(status) => setDepositStatus(row.id, status)}
        listKey={depositsListKey}
        alsoInvalidate={depositInvalidates}
      />
    ),
    { skeleton: 'w-28' }
  )
];
