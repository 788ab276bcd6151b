import { ArrowDownToLine } from 'lucide-react';
import type { DepositRow } from '@shared/contract';
import { depositFailureReasons } from '@shared/domain/risk';
import { depositLock, depositStatuses, type DepositStatus } from '@shared/domain/statuses';
import { keysMovedByMoney, rootKeys } from '../../lib/query-keys';
import { column } from '../../components/data-table/column';
import { TextCell } from '../../components/data-table/cells';
import { amountColumn, dateColumn } from '../../components/data-table/common-columns';
import { statusColumn } from '../../modules/status/status-column';
import { WithTxid } from '../../modules/status/TxidLink';
import { customerColumn } from '../../modules/customers/customer-columns';
import { FINAL, moneyDecisions } from '../../modules/review-list/confirmation';
import { moneySource } from '../../modules/review-list/contract-source';
import { decided, saveOnce, withTxid } from '../../modules/status/status-change';
import { api, call } from '../../lib/api';
import { defineReviewList } from '../../modules/review-list/definition';
import { DepositFacts } from './deposit-facts';

export const depositsList = defineReviewList<DepositRow, DepositStatus, 'deposits.setStatus'>({
  name: 'deposits',
  source: moneySource('deposits'),
  root: rootKeys.deposits,
  title: 'Deposits',
  description: 'Review incoming deposits and mark them successful or failed; a successful deposit credits the customer once.',
  status: {
    statuses: depositStatuses,
    lock: (row) => depositLock(row.status),
    // Each change is decided with the customer's standing in view; a failure says why, for the audit log.
    confirmation: moneyDecisions<DepositRow, DepositStatus>(
      'deposit',
      {
        success: {
          title: 'Mark deposit as successful?',
          question: 'Mark this deposit of {amount} from {user} as successful?',
          consequence: FINAL,
          confirmLabel: 'Mark successful',
          asksTxid: true
        },
        failed: {
          title: 'Mark deposit as failed?',
          question: 'Mark this deposit of {amount} from {user} as failed?',
          confirmLabel: 'Mark failed',
          tone: 'danger',
          reasons: depositFailureReasons
        }
      },
      (row) => ({ facts: <DepositFacts id={row.id} /> }),
      (row) => row.method
    ),
    // A success is decided with the chain transaction id it credits, where one was given (docs/product-rules.md §5.6).
    preview: (id, status, asked) => call(() => api().deposits.preview({ id, status, ...withTxid(asked) })),
    decision: (id, status, choice) => ({ id, status, ...decided(choice), ...withTxid(choice) }),
    save: saveOnce('deposits.setStatus', (input) => api().deposits.setStatus(input)),
    // A successful deposit can activate the investment it paid for, so investments refresh too.
    alsoInvalidate: [...keysMovedByMoney, rootKeys.investments]
  },
  noun: { one: 'deposit', many: 'deposits' },
  sortField: 'timestamp',
  empty: { icon: ArrowDownToLine, title: 'No deposits yet', description: 'Deposits customers make appear here, newest first.' },
  /** docs/product-rules.md §2: Email, Method (with the txid beneath), Amount, Timestamp, Status, Change Status. */
  columns: (changeStatus) => [
    customerColumn(),
    column<DepositRow>(
      'method',
      'Method',
      (row) => (
        <WithTxid txid={row.txid} coin={row.method} decided={row.status === 'success'}>
          <TextCell value={row.method} />
        </WithTxid>
      ),
      { skeleton: 'w-16' }
    ),
    amountColumn(),
    dateColumn('timestamp', 'Timestamp', (row) => row.timestamp),
    statusColumn(),
    changeStatus
  ]
});
