import type { InvestmentRow } from '@shared/contract';
import { api, call } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { keysMovedByMoney, rootKeys } from '../../../lib/query-keys';
import { pendingCountsQuery } from '../../../lib/pending-counts';
import type { BulkWording } from '../../../modules/review-list/bulk/BulkDialog';
import { rowWho } from '../../../modules/review-list/status-change';
import { decided, saveOnce, withOverride, type StatusChange } from '../../../modules/status/status-change';
import type { Confirmation } from '../../../modules/status/DecisionDialog';
import { LatestNote } from '../../../modules/customers/notes';
import { dueKeys } from './api';

/** What paying out one investment owes: principal plus ROI, when both can be read. */
export const owedOf = (row: InvestmentRow): number | null =>
  row.amount !== null && row.roiDue !== null ? Math.round((row.amount + row.roiDue) * 100) / 100 : null;

/** "Pay out this investment?" with who is paid, how much, since when it is due, and the latest note on the customer. */
export function payoutQuestion(row: InvestmentRow): Confirmation {
  const owed = owedOf(row);
  const plan = row.plan ? `${row.plan} ` : '';
  return {
    title: 'Pay out this investment?',
    description: (
      <>
        Credit {rowWho(row)} with {owed !== null ? formatMoney(owed) : 'what it owes'}
        {row.amount !== null && row.roiDue !== null ? ` (${formatMoney(row.amount)} + ROI ${formatMoney(row.roiDue)})` : ''} for their {plan}investment, matured{' '}
        {formatDate(row.maturesAt)}? It is then completed and can never be paid again.
      </>
    ),
    confirmLabel: 'Pay out',
    facts: <LatestNote userId={row.userId} />
  };
}

/**
 * A payout, a status change to completed like any other (the bulk summary, the row's button and its
 * key all decide and save through it): decided on `investments.payoutPreview`, saved with
 * `investments.payout` and the preview's version, one action per record.
 */
export const payoutChange = (pays: boolean): StatusChange<InvestmentRow, 'completed', 'investments.payout'> => ({
  // No payout is offered where the platform pays matured investments elsewhere.
  statuses: pays ? ['completed'] : [],
  question: (row) => payoutQuestion(row),
  // With the override reason once given: an investment not clean, or of a suspended customer, is paid only with one (§5.7).
  preview: (id, _completed, asked) => call(() => api().investments.payoutPreview({ id, ...withOverride(asked) })),
  previewKey: (id) => ['payoutPreview', id],
  decision: (id, _completed, choice) => ({ id, ...decided(choice), ...withOverride(choice) }),
  save: saveOnce('investments.payout', (input) => api().investments.payout(input)),
  failed: 'Failed to pay out the investment.',
  listKey: dueKeys.all,
  alsoInvalidate: [rootKeys.investments, pendingCountsQuery.queryKey, ...keysMovedByMoney]
});

export const payoutWording: BulkWording = {
  button: 'Pay out',
  title: (count) => `Pay out ${count === 1 ? '1 investment' : `${count} investments`}?`,
  confirm: (count) => `Pay out ${count}`,
  running: 'Paying out investments…',
  result: 'Result: investments paid out'
};
