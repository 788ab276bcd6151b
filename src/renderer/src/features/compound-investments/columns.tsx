import type { CompoundInvestmentRow } from '../../../../shared/contract';
import { compoundInvestmentStatuses, statusLabel } from '../../../../shared/domain/statuses';
import { AmountCell, DateCell, TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { StatusBadge } from '../../components/status/StatusBadge';
import { StatusChangeCell } from '../../components/status/StatusChangeCell';
import { moneyKeys } from '../../components/status/use-status-change';
import { compoundInvestmentsListKey, setCompoundInvestmentStatus } from './api/compound-investments';

/** docs/product-rules.md §2: Email, Plan, Amount, Pay Type, Status, Start, End, Actions. */
export const compoundInvestmentColumns = [
  column<CompoundInvestmentRow>('email', 'Email', (row) => <TextCell value={row.email} />, { skeleton: 'w-44' }),
  column<CompoundInvestmentRow>('plan', 'Plan', (row) => <TextCell value={row.plan} />, { skeleton: 'w-20' }),
  column<CompoundInvestmentRow>('amount', 'Amount', (row) => <AmountCell amount={row.amount} raw={row.amountRaw} />, {
    align: 'right',
    skeleton: 'w-20'
  }),
  column<CompoundInvestmentRow>('paytype', 'Pay Type', (row) => <TextCell value={row.paytype && statusLabel(row.paytype)} />, {
    skeleton: 'w-16'
  }),
  column<CompoundInvestmentRow>('status', 'Status', (row) => <StatusBadge status={row.status} />, { skeleton: 'w-16' }),
  column<CompoundInvestmentRow>('startAt', 'Start', (row) => <DateCell value={row.startAt} />, { skeleton: 'w-32' }),
  column<CompoundInvestmentRow>('endAt', 'End', (row) => <DateCell value={row.endAt} />, { skeleton: 'w-32' }),
  column<CompoundInvestmentRow>(
    'actions',
    'Actions',
    (row) => (
      <StatusChangeCell
        rowId={row.id}
        status={row.status}
        statuses={compoundInvestmentStatuses}
        label={`Change status for compound investment from ${row.email ?? row.id}`}
        save={(status) => setCompoundInvestmentStatus(row.id, status)}
        listKey={compoundInvestmentsListKey}
        alsoInvalidate={moneyKeys}
      />
    ),
    { skeleton: 'w-28' }
  )
];
