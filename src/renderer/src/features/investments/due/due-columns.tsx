import type { ColumnDef } from '@tanstack/react-table';
import type { InvestmentRow } from '@shared/contract';
import { column } from '../../../components/data-table/column';
import { amountColumn, textColumn } from '../../../components/data-table/common-columns';
import { formatMoney, formatPercent } from '../../../lib/format';
import { MaturityCell, RoiDueCell, UnknownValue } from '../../../modules/review-list/MaturityCell';
import type { StatusChange } from '../../../modules/status/status-change';
import { customerColumn } from '../../../modules/customers/customer-columns';
import { owedOf } from './payout-change';
import { PayoutCell } from './PayoutCell';

/** docs/product-rules.md §2: Email, Plan, Amount, ROI (%), ROI Due, Owed, Matured, and Pay out where Ledgerdesk pays. */
export const dueColumns = (change: StatusChange<InvestmentRow, 'completed', 'investments.payout'>): ColumnDef<InvestmentRow>[] => [
  customerColumn(),
  textColumn('plan', 'Plan', (row) => row.plan, 'w-20'),
  amountColumn(),
  column<InvestmentRow>('roi', 'ROI (%)', (row) => formatPercent(row.roi), { align: 'right', className: 'tabular-nums', skeleton: 'w-10' }),
  column<InvestmentRow>('roiDue', 'ROI Due', (row) => <RoiDueCell roiDue={row.roiDue} why={row.maturityNote} />, { align: 'right', skeleton: 'w-16' }),
  column<InvestmentRow>(
    'owed',
    'Owed',
    (row) => {
      const owed = owedOf(row);
      return owed === null ? (
        <UnknownValue why={row.maturityNote} />
      ) : (
        <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(owed)}</span>
      );
    },
    { align: 'right', skeleton: 'w-20' }
  ),
  column<InvestmentRow>('maturesAt', 'Matured', (row) => <MaturityCell maturesAt={row.maturesAt} why={row.maturityNote} running />, { skeleton: 'w-24' }),
  ...(change.statuses.length > 0
    ? [
        column<InvestmentRow>('payout', 'Pay Out', (row) => <PayoutCell row={row} change={change} />, {
          align: 'right',
          skeleton: 'w-16',
          required: true,
          changes: true
        })
      ]
    : [])
];
