import { ArrowDownToLine } from 'lucide-react';
import type { DepositRow } from '../../../../../shared/contract';
import { depositLock, depositStatuses, type DepositStatus } from '../../../../../shared/domain/statuses';
import { api } from '../../../lib/api';
import { moneyKeys, rootKeys } from '../../../lib/query-keys';
import { amountColumn, customerColumn, dateColumn, statusColumn, textColumn } from '../../data-table/common-columns';
import { moneyConfirmation } from '../confirmation';
import { defineMoneyList, statusSetter } from '../money-list';

export const setDepositStatus = statusSetter<DepositStatus>('deposits.setStatus', (input) => api().deposits.setStatus(input));

export const depositsList = defineMoneyList<DepositRow, DepositStatus>({
  name: 'deposits',
  root: rootKeys.deposits,
  title: 'Deposits',
  description: 'Review incoming deposits and mark them successful or failed; a successful deposit credits the customer once.',
  status: {
    statuses: depositStatuses,
    lock: (row) => depositLock(row.status),
    // Marking a deposit successful credits the customer once and for all, so it is asked first.
    confirmation: (row, next) =>
      next === 'success'
        ? moneyConfirmation(row, {
            title: 'Mark deposit as successful?',
            question: ['Mark this deposit of', 'from', ' as successful?'],
            consequence:
              'Their Total deposit increases by the amount, a linked investment becomes active, a referrer earns a 5% bonus, and the customer is e-mailed. This cannot be undone.',
            confirmLabel: 'Mark successful'
          })
        : null,
    save: setDepositStatus,
    // A successful deposit can activate the investment it paid for, so investments refresh too.
    alsoInvalidate: [...moneyKeys, rootKeys.investments]
  },
  noun: { one: 'deposit', many: 'deposits' },
  /** docs/product-rules.md §2: Email, Method, Amount, Timestamp, Status, Change Status. */
  columns: (changeStatus) => [
    customerColumn(),
    textColumn('method', 'Method', (row) => row.method, 'w-16'),
    amountColumn(),
    dateColumn('timestamp', 'Timestamp', (row) => row.timestamp),
    statusColumn(),
    changeStatus
  ],
  sortField: 'timestamp',
  empty: { icon: ArrowDownToLine, title: 'No deposits yet', description: 'Deposits customers make appear here, newest first.' }
});
