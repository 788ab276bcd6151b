import type { QueryShape } from './shape';

/**
 * The queries behind the risk panels (src/core/risk.ts), declared as shapes so that
 * firestore.indexes.json has their indexes (tests/unit/indexes.test.ts). Each is read with a
 * limit, so one withdrawal's panel reads a bounded number of documents.
 */
export const riskQueries = {
  /** The most recent withdrawals to one address: same customer earlier, other customers. */
  withdrawalsToAddress: { collection: 'withdrawals', equality: ['walletAddress'], range: null, order: { field: 'createdAt', direction: 'desc' } },
  /** A customer's first successful deposit. */
  firstSuccessfulDeposit: { collection: 'deposits', equality: ['status', 'userId'], range: null, order: { field: 'timestamp', direction: 'asc' } },
  /** A customer's first withdrawal. */
  firstWithdrawal: { collection: 'withdrawals', equality: ['userId'], range: null, order: { field: 'createdAt', direction: 'asc' } },
  /** How many deposits a customer made before a given one (a count aggregation: one read). */
  depositsBefore: { collection: 'deposits', equality: ['userId'], range: 'timestamp', order: { field: 'timestamp', direction: 'asc' } },
  /** A customer's withdrawals since a moment, newest first: the 24-hour and 30-day caps read them (at most WINDOW_READ_LIMIT) and sum their amounts. */
  withdrawalsInWindow: { collection: 'withdrawals', equality: ['userId'], range: 'createdAt', order: { field: 'createdAt', direction: 'desc' } }
} as const satisfies Record<string, QueryShape>;

export type RiskQueryName = keyof typeof riskQueries;

/** How many withdrawals to one address the panel reads: its counts stop there. */
export const ADDRESS_CAP = 20;
