import { flowField, flowNames } from '../domain/flows';
import type { CompositeIndex } from './shape';

/** A field in ascending order, the usual; a descending one says so. */
type IndexField = string | [string, 'DESCENDING'];

const index = (collectionGroup: string, ...fields: IndexField[]): CompositeIndex => ({
  collectionGroup,
  queryScope: 'COLLECTION',
  fields: fields.map((field) => (typeof field === 'string' ? { fieldPath: field, order: 'ASCENDING' } : { fieldPath: field[0], order: field[1] }))
});
const everyCollection = (name: string, ...fields: IndexField[]): CompositeIndex => ({
  ...index(name, ...fields),
  queryScope: 'COLLECTION_GROUP'
});
/** Deposits and withdrawals are read alike (settled ones summed, a customer's by status): one index each. */
const onMoneyRecords = (...fields: IndexField[]): CompositeIndex[] => [index('deposits', ...fields), index('withdrawals', ...fields)];

/**
 * Indexes of the queries that are not lists: the dashboard's sums and counts of settled money
 * by date (src/main/firebase/dashboardRepository.ts), the backend host's count of a customer's
 * records that have a status at all (server/users.ts: the open requests a deletion checks),
 * reconciliation's sums and streams (src/main/firebase/reconciliation.ts), and the lists' lookup of
 * which customers on a page are suspended.
 */
export const handWrittenIndexes: CompositeIndex[] = [
  index('deposits', 'status', 'timestamp'),
  index('withdrawals', 'status', 'createdAt'),
  ...onMoneyRecords('status', 'amount'),
  // A day of the chart summed again over its finite amounts (dashboardRepository's daily).
  index('deposits', 'status', 'timestamp', 'amount'),
  index('withdrawals', 'status', 'createdAt', 'amount'),
  // Investments due, summed over their finite amounts per duration and rate (src/main/firebase/investmentsDue.ts).
  index('investments', 'status', 'duration', 'roi', 'createdAt', 'amount'),
  ...onMoneyRecords('userId', 'status'),
  // users.reconcile: a customer's settled records, their finite amounts summed (src/main/firebase/reconciliation.ts).
  ...onMoneyRecords('userId', 'status', 'amount'),
  // users.reconcile: a customer's summable audited moves of each figure (Manage, payouts).
  index('auditLog', 'movedUserId', 'moved.Totaldeposit'),
  index('auditLog', 'movedUserId', 'moved.Totalwithdrawal'),
  index('auditLog', 'movedUserId', 'moved.Totalwithdrawals'),
  // The platform-wide run: settled records in customer-id order.
  ...onMoneyRecords('status', 'userId'),
  // The dashboard's last finished run.
  index('reconciliationRuns', 'state', ['finishedAt', 'DESCENDING']),
  // What the platform owes: active investments' and active compound investments' principal, summed over finite amounts.
  index('investments', 'status', 'amount'),
  index('compoundInvest', 'status', 'amount'),
  // The suspended customers among a list's e-mails (users.suspendedAmong, src/main/firebase/userRepository.ts).
  index('users', 'suspended', 'email'),
  // A customer's journal (src/main/firebase/customerJournal.ts): the changes outside Ledgerdesk, newest first; a statement's balance movements.
  index('journal', 'outside', ['at', 'DESCENDING']),
  index('journal', 'balanceMoved', 'at'),
  // The dashboard's changes outside Ledgerdesk in the last 24 hours, across every customer's journal.
  everyCollection('journal', 'outside', 'at'),
  // The daily snapshot's flows: each summed over one day's audit entries (src/shared/queries/snapshot.ts).
  ...flowNames.map((name) => index('auditLog', 'at', flowField(name)))
];
