import type { QueryShape } from './shape';

/**
 * The Approvals screen's queries (src/core/approvals.ts), declared as shapes so that
 * firestore.indexes.json has their index: every request newest first, or those in one state.
 */
export const approvalQueries = {
  all: { collection: 'approvalRequests', equality: [], range: null, order: { field: 'requestedAt', direction: 'desc' } },
  inState: { collection: 'approvalRequests', equality: ['state'], range: null, order: { field: 'requestedAt', direction: 'desc' } },
  /** The sidebar's count: requests still awaiting approval and not past their 72 hours (an expired one is stored as open). */
  openNow: { collection: 'approvalRequests', equality: ['state'], range: 'expiresAt', order: { field: 'expiresAt', direction: 'desc' } }
} as const satisfies Record<string, QueryShape>;

/** The most requests the screen lists at once (open requests are few: each expires within 72 hours). */
export const APPROVALS_LISTED = 100;
