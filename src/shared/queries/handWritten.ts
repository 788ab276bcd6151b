import type { CompositeIndex } from './shape';

const index = (collectionGroup: string, ...fields: [string, 'ASCENDING' | 'DESCENDING'][]): CompositeIndex => ({
  collectionGroup,
  queryScope: 'COLLECTION',
  fields: fields.map(([fieldPath, order]) => ({ fieldPath, order }))
});

/**
 * Indexes of the queries that are not lists: the dashboard's sums and counts of settled money
 * by date (src/main/firebase/dashboardRepository.ts), and the backend host's count of a customer's
 * records that have a status at all (server/users.ts: the open requests a deletion checks), and
 * the lists' lookup of which customers on a page are suspended.
 */
export const handWrittenIndexes: CompositeIndex[] = [
  index('deposits', ['status', 'ASCENDING'], ['timestamp', 'ASCENDING']),
  index('withdrawals', ['status', 'ASCENDING'], ['createdAt', 'ASCENDING']),
  index('deposits', ['status', 'ASCENDING'], ['amount', 'ASCENDING']),
  index('withdrawals', ['status', 'ASCENDING'], ['amount', 'ASCENDING']),
  // A day of the chart summed again over its finite amounts (dashboardRepository's daily).
  index('deposits', ['status', 'ASCENDING'], ['timestamp', 'ASCENDING'], ['amount', 'ASCENDING']),
  index('withdrawals', ['status', 'ASCENDING'], ['createdAt', 'ASCENDING'], ['amount', 'ASCENDING']),
  index('deposits', ['userId', 'ASCENDING'], ['status', 'ASCENDING']),
  index('withdrawals', ['userId', 'ASCENDING'], ['status', 'ASCENDING']),
  // The suspended customers among a list's e-mails (users.suspendedAmong, src/main/firebase/users.ts).
  index('users', ['suspended', 'ASCENDING'], ['email', 'ASCENDING'])
];
