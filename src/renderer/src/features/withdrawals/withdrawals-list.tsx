import { ArrowUpFromLine } from 'lucide-react';
import type { WithdrawalRow } from '@shared/contract';
import { withdrawalRejectionReasons } from '@shared/domain/risk';
import { withdrawalLock, withdrawalStatuses, type WithdrawalStatus } from '@shared/domain/statuses';
import { rootKeys } from '../../lib/query-keys';
import { column } from '../../components/data-table/column';
import { Badge } from '../../components/ui/Badge';
import { amountColumn, dateColumn, textColumn } from '../../components/data-table/common-columns';
import { statusColumn } from '../../modules/status/status-column';
import { WithTxid } from '../../modules/status/TxidLink';
import { customerColumn } from '../../modules/customers/customer-columns';
import { FINAL, moneyDecisions } from '../../modules/review-list/confirmation';
import { moneySource } from '../../modules/review-list/contract-source';
import { decided, saveOnce, withOverride, withTxid } from '../../modules/status/status-change';
import { api, call } from '../../lib/api';
import { defineReviewList } from '../../modules/review-list/definition';
import { WithdrawalRiskPanel, WithdrawalWarnings } from '../../modules/withdrawals/withdrawal-facts';
import { WalletAddressCell } from './WalletAddressCell';

/**
 * Approving and rejecting both move money and are final: each is decided with the withdrawal's
 * facts and warnings in view; a rejection says why (the customer's e-mail carries it).
 */
const withdrawalConfirmation = moneyDecisions<WithdrawalRow, WithdrawalStatus>(
  'withdrawal',
  {
    approved: {
      title: 'Approve withdrawal?',
      question: 'Approve this withdrawal of {amount} to {user}?',
      consequence: FINAL,
      confirmLabel: 'Approve withdrawal',
      asksTxid: true
    },
    rejected: {
      title: 'Reject withdrawal?',
      question: 'Reject this withdrawal of {amount} from {user}?',
      consequence: FINAL,
      confirmLabel: 'Reject withdrawal',
      tone: 'danger',
      reasons: withdrawalRejectionReasons
    }
  },
  (row) => ({ facts: <WithdrawalRiskPanel id={row.id} />, warnings: <WithdrawalWarnings id={row.id} /> }),
  (row) => row.cryptoType
);

export const withdrawalsList = defineReviewList<WithdrawalRow, WithdrawalStatus, 'withdrawals.setStatus'>({
  name: 'withdrawals',
  source: moneySource('withdrawals'),
  root: rootKeys.withdrawals,
  title: 'Withdrawals',
  description: "Approve or reject withdrawal requests; a rejected amount returns to the customer's balance once.",
  // docs/product-rules.md §12 wording.
  loadFailed: 'Failed to fetch withdrawals.',
  status: {
    statuses: withdrawalStatuses,
    lock: (row) => withdrawalLock(row.status),
    confirmation: withdrawalConfirmation,
    // An approval is decided with the transaction id that paid it (§5.6), and with the reason a refusal is overridden by (§5.8).
    preview: (id, status, asked) => call(() => api().withdrawals.preview({ id, status, ...withTxid(asked), ...withOverride(asked) })),
    decision: (id, status, choice) => ({ id, status, ...decided(choice), ...withTxid(choice), ...withOverride(choice) }),
    save: saveOnce('withdrawals.setStatus', (input) => api().withdrawals.setStatus(input)),
    // docs/product-rules.md §12 wording, with the reason beneath.
    failed: 'Failed to update withdrawal status.'
  },
  noun: { one: 'withdrawal', many: 'withdrawals' },
  sortField: 'creation date',
  empty: { icon: ArrowUpFromLine, title: 'No withdrawals yet', description: "Customers' withdrawal requests appear here, newest first." },
  // Enter on a row opens its facts and warnings, as its Details toggle does: what a reviewer reads before deciding.
  opens: 'details',
  /** docs/product-rules.md §2: Email, Amount, Crypto Type, Wallet Address (with the txid beneath), Status, Change Status, Created At. */
  columns: (changeStatus) => [
    customerColumn(),
    amountColumn(),
    textColumn('cryptoType', 'Crypto Type', (row) => row.cryptoType, 'w-16'),
    column<WithdrawalRow>(
      'walletAddress',
      'Wallet Address',
      (row) => (
        <WithTxid txid={row.txid} coin={row.cryptoType} decided={row.status === 'approved'}>
          <WalletAddressCell address={row.walletAddress} withdrawalId={row.id} />
        </WithTxid>
      ),
      { skeleton: 'w-36' }
    ),
    // Approving it became a request a second administrator decides (docs/product-rules.md §15.4): still pending until then.
    statusColumn<WithdrawalRow>((row) => (row.status === 'pending' && row.approvalRequestId ? <Badge tone="info">Awaiting approval</Badge> : null)),
    changeStatus,
    dateColumn('createdAt', 'Created At', (row) => row.createdAt)
  ]
});
