import { Layers } from 'lucide-react';
import type { CompoundInvestmentRow } from '../../../../shared/contract';
import { compoundInvestmentStatuses, statusLabel, type CompoundInvestmentStatus } from '../../../../shared/domain/statuses';
import { exportColumns } from '../../../../shared/export/csv';
import { amountColumn, dateColumn, emailColumn, statusColumn, textColumn } from '../../components/data-table/common-columns';
import { InvestmentTabs } from '../../components/InvestmentTabs';
import { defineMoneyList } from '../../components/money-list/money-list';
import { MoneyListPage } from '../../components/money-list/MoneyListPage';
import { compoundInvestmentKeys, fetchCompoundInvestments, setCompoundInvestmentStatus } from './api/compound-investments';

const compoundInvestmentsList = defineMoneyList<CompoundInvestmentRow, CompoundInvestmentStatus>({
  title: 'All Compound Investments',
  description: 'Follow compound investments from start to end and set them active, completed or pending.',
  status: {
    statuses: compoundInvestmentStatuses,
    save: setCompoundInvestmentStatus,
    column: { id: 'actions', header: 'Actions' }
  },
  noun: { one: 'compound investment', many: 'compound investments' },
  /** docs/product-rules.md §2: Email, Plan, Amount, Pay Type, Status, Start, End, Actions. */
  columns: (changeStatus) => [
    emailColumn(),
    textColumn('plan', 'Plan', (row) => row.plan, 'w-20'),
    amountColumn(),
    textColumn('paytype', 'Pay Type', (row) => row.paytype && statusLabel(row.paytype), 'w-16'),
    statusColumn(),
    dateColumn('startAt', 'Start', (row) => row.startAt),
    dateColumn('endAt', 'End', (row) => row.endAt),
    changeStatus
  ],
  above: <InvestmentTabs />,
  sortField: 'start date',
  empty: { icon: Layers, title: 'No investments found' },
  source: { keys: compoundInvestmentKeys, fetchPage: fetchCompoundInvestments, exportColumns: exportColumns.compoundInvestments }
});

export function CompoundInvestmentsPage() {
  return <MoneyListPage list={compoundInvestmentsList} />;
}
