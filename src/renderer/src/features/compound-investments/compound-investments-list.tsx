import { Layers } from 'lucide-react';
import type { CompoundInvestmentRow } from '@shared/contract';
import { compoundInvestmentStatuses, statusLabel, type CompoundInvestmentStatus } from '@shared/domain/statuses';
import { rootKeys } from '../../lib/query-keys';
import { amountColumn, dateColumn, textColumn } from '../../components/data-table/common-columns';
import { statusColumn } from '../../modules/status/status-column';
import { emailColumn } from '../../modules/customers/customer-columns';
import { moneySource } from '../../modules/review-list/contract-source';
import { decided, saveOnce } from '../../modules/status/status-change';
import { api, call } from '../../lib/api';
import { defineReviewList } from '../../modules/review-list/definition';
import { MaturityCell } from '../../modules/review-list/MaturityCell';
import { column } from '../../components/data-table/column';
import { plainConfirmation } from '../../modules/review-list/status-change';
import { LatestNoteByEmail } from '../../modules/customers/notes';

export const compoundInvestmentsList = defineReviewList<CompoundInvestmentRow, CompoundInvestmentStatus, 'compoundInvestments.setStatus'>({
  name: 'compoundInvestments',
  source: moneySource('compoundInvestments'),
  root: rootKeys.compoundInvestments,
  title: 'All Compound Investments',
  description: 'Follow compound investments from start to end and set them active, completed or pending.',
  status: {
    statuses: compoundInvestmentStatuses,
    confirmation: (row, next) => ({ ...plainConfirmation('compound investment', row, next), facts: <LatestNoteByEmail email={row.email} /> }),
    preview: (id, status) => call(() => api().compoundInvestments.preview({ id, status })),
    decision: (id, status, choice) => ({ id, status, ...decided(choice) }),
    save: saveOnce('compoundInvestments.setStatus', (input) => api().compoundInvestments.setStatus(input)),
    column: { id: 'actions', header: 'Actions' }
  },
  noun: { one: 'compound investment', many: 'compound investments' },
  sortField: 'start date',
  empty: { icon: Layers, title: 'No investments found' },
  /** docs/product-rules.md §2: Email, Plan, Amount, Pay Type, Status, Start, End, Actions. */
  columns: (changeStatus) => [
    // Compound investments carry only the e-mail: it links to the customer found by it.
    emailColumn(),
    textColumn('plan', 'Plan', (row) => row.plan, 'w-20'),
    amountColumn(),
    textColumn('paytype', 'Pay Type', (row) => row.paytype && statusLabel(row.paytype), 'w-16'),
    statusColumn(),
    dateColumn('startAt', 'Start', (row) => row.startAt),
    // A compound investment matures at its own end date: the days left or overdue show under it while it runs.
    column<CompoundInvestmentRow>(
      'endAt',
      'End',
      (row) => <MaturityCell maturesAt={row.endAt} why="It has no end date that can be read, so its maturity is unknown." running={row.status === 'active'} />,
      { skeleton: 'w-32' }
    ),
    changeStatus
  ]
});
