import { TrendingUp } from 'lucide-react';
import type { InvestmentRow } from '@shared/contract';
import { investmentLock } from '@shared/domain/investments';
import { investmentStatuses, type InvestmentStatus } from '@shared/domain/statuses';
import { formatCount, formatPercent, MISSING } from '../../lib/format';
import { rootKeys } from '../../lib/query-keys';
import { column } from '../../components/data-table/column';
import { amountColumn, dateColumn, textColumn } from '../../components/data-table/common-columns';
import { statusColumn } from '../../modules/status/status-column';
import { customerColumn } from '../../modules/customers/customer-columns';
import { moneySource } from '../../modules/review-list/contract-source';
import { decided, saveOnce } from '../../modules/status/status-change';
import { api, call } from '../../lib/api';
import { defineReviewList } from '../../modules/review-list/definition';
import { MaturityCell, RoiDueCell } from '../../modules/review-list/MaturityCell';
import { plainConfirmation } from '../../modules/review-list/status-change';
import { LatestNote } from '../../modules/customers/notes';

const days = (n: number | null) => (n === null ? MISSING : `${formatCount(n)} ${n === 1 ? 'day' : 'days'}`);

export const investmentsList = defineReviewList<InvestmentRow, InvestmentStatus, 'investments.setStatus'>({
  name: 'investments',
  source: moneySource('investments'),
  root: rootKeys.investments,
  title: 'Investments',
  description: "Follow customers' investments and mark them active, completed or cancelled.",
  status: {
    statuses: investmentStatuses,
    // A paid-out investment's status is final: the customer has been credited (docs/product-rules.md §5.7).
    lock: (row) => investmentLock(row.paidOutAt),
    // No money moves; the latest note on the customer is beside the decision all the same.
    confirmation: (row, next) => ({ ...plainConfirmation('investment', row, next), facts: <LatestNote userId={row.userId} /> }),
    preview: (id, status) => call(() => api().investments.preview({ id, status })),
    decision: (id, status, choice) => ({ id, status, ...decided(choice) }),
    save: saveOnce('investments.setStatus', (input) => api().investments.setStatus(input))
  },
  noun: { one: 'investment', many: 'investments' },
  sortField: 'creation date',
  empty: { icon: TrendingUp, title: 'No investments yet', description: "Customers' investments appear here, newest first." },
  /** docs/product-rules.md §2: Email, Plan, ROI (%), Duration, Amount, Created At, Matures, ROI Due, Status, Change Status. */
  columns: (changeStatus) => [
    customerColumn(),
    textColumn('plan', 'Plan', (row) => row.plan, 'w-20'),
    column<InvestmentRow>('roi', 'ROI (%)', (row) => formatPercent(row.roi), {
      align: 'right',
      className: 'tabular-nums',
      skeleton: 'w-10'
    }),
    column<InvestmentRow>('duration', 'Duration', (row) => days(row.duration), {
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      skeleton: 'w-14'
    }),
    amountColumn(),
    dateColumn('createdAt', 'Created At', (row) => row.createdAt),
    column<InvestmentRow>(
      'maturesAt',
      'Matures',
      (row) => <MaturityCell maturesAt={row.maturesAt} why={row.maturityNote} running={row.status === 'active'} paidOutAt={row.paidOutAt} />,
      { skeleton: 'w-24' }
    ),
    column<InvestmentRow>('roiDue', 'ROI Due', (row) => <RoiDueCell roiDue={row.roiDue} why={row.maturityNote} />, { align: 'right', skeleton: 'w-16' }),
    statusColumn(),
    changeStatus
  ]
});
