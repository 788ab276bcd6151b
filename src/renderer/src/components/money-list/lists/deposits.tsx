import { ArrowDownToLine } from 'lucide-react';
import type { DepositRow } from '../../../../../shared/contract';
import { depositFailureReasons } from '../../../../../shared/domain/risk';
import { depositLock, depositStatuses, type DepositStatus } from '../../../../../shared/domain/statuses';
import { api } from '../../../lib/api';
import { moneyKeys, rootKeys } from '../../../lib/query-keys';
import { amountColumn, customerColumn, dateColumn, statusColumn, textColumn } from '../../data-table/common-columns';
import { moneyConfirmation } from '../confirmation';
import { defineMoneyList, plainConfirmation, statusPreviewer, statusSetter } from '../money-list';
import { DepositFacts } from './risk-facts';

export const setDepositStatus = statusSetter<DepositStatus>('deposits.setStatus', (input) => api().deposits.setStatus(input));

export const depositsList = defineMoneyList<DepositRow, DepositStatus>({
  name: 'deposits',
  root: rootKeys.deposits,
  title: 'Deposits',
  description: 'Review incoming deposits and mark them successful or failed; a successful deposit credits the customer once.',
  status: {
    statuses: depositStatuses,
    lock: (row) => depositLock(row.status),
    // Each change is decided with the customer's standing in view; a failure says why, for the audit log.
    confirmation: (row, next) => {
      const facts = <DepositFacts id={row.id} />;
      if (next === 'success') {
        const question = moneyConfirmation(row, {
          title: 'Mark deposit as successful?',
          question: ['Mark this deposit of', 'from', ' as successful?'],
          consequence: 'This cannot be undone.',
          confirmLabel: 'Mark successful'
        });
        return { ...question, facts };
      }
      if (next === 'failed') {
        const question = moneyConfirmation(row, {
          title: 'Mark deposit as failed?',
          question: ['Mark this deposit of', 'from', ' as failed?'],
          confirmLabel: 'Mark failed',
          tone: 'danger'
        });
        return { ...question, facts, reason: { kind: 'required', choices: depositFailureReasons } };
      }
      return { ...plainConfirmation('deposit', row, next), facts };
    },
    preview: statusPreviewer((input) => api().deposits.preview(input)),
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
