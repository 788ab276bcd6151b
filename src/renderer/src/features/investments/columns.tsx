import type { InvestmentRow } from '../../../../shared/contract';
import { investmentStatuses } from '../../../../shared/domain/statuses';
import { AmountCell, DateCell, TextCell } from '../../components/data-table/cells';
import { column } from '../../components/data-table/column';
import { StatusBadge } from '../../components/status/StatusBadge';
import { StatusChangeCell } from '../../components/status/StatusChangeCell';
import { moneyKeys } from '../../components/status/use-status-change';
import { formatCount, MISSING } from '../../lib/format';
import { investmentsListKey, setInvestmentStatus } from './api/investments';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const days = (n: number | null) => (n === null ? MISSING : `${formatCount(n)} ${n === 1 ? 'day' : 'days'}`);

/** docs/product-rules.md §2: Email, Plan, ROI (%), Duration, Amount, Created At, Status, Change Status. */
export const investmentColumns = [
  column<InvestmentRow>('email', 'Email', (row) => <TextCell value={row.email} />, { skeleton: 'w-44' }),
  column<InvestmentRow>('plan', 'Plan', (row) => <TextCell value={row.plan} />, { skeleton: 'w-20' }),
  column<InvestmentRow>('roi', 'ROI (%)', (row) => (row.roi === null ? MISSING : percent.format(row.roi)), {
    align: 'right',
    className: 'tabular-nums',
    skeleton: 'w-10'
  }),
  column<InvestmentRow>('duration', 'Duration', (row) => days(row.duration), {
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    skeleton: 'w-14'
  }),
  column<InvestmentRow>('amount', 'Amount', (row) => <AmountCell amount={row.amount} raw={row.amountRaw} />, {
    align: 'right',
    skeleton: 'w-20'
  }),
  column<InvestmentRow>('createdAt', 'Created At', (row) => <DateCell value={row.createdAt} />, { skeleton: 'w-32' }),
  column<InvestmentRow>('status', 'Status', (row) => <StatusBadge status={row.status} />, { skeleton: 'w-16' }),
  column<InvestmentRow>(
    'changeStatus',
    'Change Status',
    (row) => (
      <StatusChangeCell
        rowId={row.id}
        status={row.status}
        statuses={investmentStatuses}
        label={`Change status for investment from ${row.email ?? row.id}`}
        save={(status) => setInvestmentStatus(row.id, status)}
        listKey={investmentsListKey}
        alsoInvalidate={moneyKeys}
      />
    ),
    { skeleton: 'w-28' }
  )
];
