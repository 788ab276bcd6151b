import { flowField, flowNames } from '../domain/flows';
import type { CompositeIndex } from './shape';

const index = (collectionGroup: string, ...fields: [string, 'ASCENDING' | 'DESCENDING'][]): CompositeIndex => ({
  collectionGroup,
  queryScope: 'COLLECTION',
  fields: fields.map(([fieldPath, order]) => ({ fieldPath, order }))
});
const everyCollection = (name: string, ...fields: [string, 'ASCENDING' | 'DESCENDING'][]): CompositeIndex => ({
  ...index(name, ...fields),
  queryScope: 'COLLECTION_GROUP'
});

/**
 * Indexes of the queries that are not lists: the dashboard's sums and counts of settled money
 * by date (src/main/firebase/dashboardRepository.ts), the backend host's count of a customer's
 * records that have a status at all (server/users.ts: the open requests a deletion checks),
 * reconciliation's sums and streams (src/main/firebase/reconciliation.ts), and the lists' lookup of
 * which customers on a page are suspended.
 */
export const handWrittenIndexes: CompositeIndex[] = [
  index('deposits', ['status', 'ASCENDING'], ['timestamp', 'ASCENDING']),
  index('withdrawals', ['status', 'ASCENDING'], ['createdAt', 'ASCENDING']),
  index('deposits', ['status', 'ASCENDING'], ['amount', 'ASCENDING']),
  index('withdrawals', ['status', 'ASCENDING'], ['amount', 'ASCENDING']),
  // A day of the chart summed again over its finite amounts (dashboardRepository's daily).
  index('deposits', ['status', 'ASCENDING'], ['timestamp', 'ASCENDING'], ['amount', 'ASCENDING']),
  index('withdrawals', ['status', 'ASCENDING'], ['createdAt', 'ASCENDING'], ['amount', 'ASCENDING']),
  // Investments due, summed over their finite amounts per duration and rate (src/main/firebase/investmentsDue.ts).
  index('investments', ['status', 'ASCENDING'], ['duration', 'ASCENDING'], ['roi', 'ASCENDING'], ['createdAt', 'ASCENDING'], ['amount', 'ASCENDING']),
  index('deposits', ['userId', 'ASCENDING'], ['status', 'ASCENDING']),
  index('withdrawals', ['userId', 'ASCENDING'], ['status', 'ASCENDING']),
  // users.reconcile: a customer's settled records, their finite amounts summed (src/main/firebase/reconciliation.ts).
  index('deposits', ['userId', 'ASCENDING'], ['status', 'ASCENDING'], ['amount', 'ASCENDING']),
  index('withdrawals', ['userId', 'ASCENDING'], ['status', 'ASCENDING'], ['amount', 'ASCENDING']),
  // users.reconcile: a customer's summable audited moves of each figure (Manage, payouts).
  index('auditLog', ['movedUserId', 'ASCENDING'], ['moved.Totaldeposit', 'ASCENDING']),
  index('auditLog', ['movedUserId', 'ASCENDING'], ['moved.Totalwithdrawal', 'ASCENDING']),
  index('auditLog', ['movedUserId', 'ASCENDING'], ['moved.Totalwithdrawals', 'ASCENDING']),
  // The platform-wide run: settled records in customer-id order.
  index('deposits', ['status', 'ASCENDING'], ['userId', 'ASCENDING']),
  index('withdrawals', ['status', 'ASCENDING'], ['userId', 'ASCENDING']),
  // The dashboard's last finished run.
  index('reconciliationRuns', ['state', 'ASCENDING'], ['finishedAt', 'DESCENDING']),
  // What the platform owes: active investments' and active compound investments' principal, summed over finite amounts.
  index('investments', ['status', 'ASCENDING'], ['amount', 'ASCENDING']),
  index('compoundInvest', ['status', 'ASCENDING'], ['amount', 'ASCENDING']),
  // The suspended customers among a list's e-mails (users.suspendedAmong, src/main/firebase/userRepository.ts).
  index('users', ['suspended', 'ASCENDING'], ['email', 'ASCENDING']),
  // A customer's journal (src/main/firebase/customerJournal.ts): the changes outside Ledgerdesk, newest first; a statement's balance movements.
  index('journal', ['outside', 'ASCENDING'], ['at', 'DESCENDING']),
  index('journal', ['balanceMoved', 'ASCENDING'], ['at', 'ASCENDING']),
  // The dashboard's changes outside Ledgerdesk in the last 24 hours, across every customer's journal.
  everyCollection('journal', ['outside', 'ASCENDING'], ['at', 'ASCENDING']),
  // The daily snapshot's flows: each summed over one day's audit entries (src/shared/queries/snapshot.ts).
  ...flowNames.map((name) => index('auditLog', ['at', 'ASCENDING'], [flowField(name), 'ASCENDING']))
];
