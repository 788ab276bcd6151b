import type { QueryShape } from './shape';

/**
 * The queries behind the risk panels (src/main/app/risk.ts), declared as shapes so that
 * firestore.indexes.json has their indexes (tests/unit/indexes.test.ts). Each is read with a
 * small limit, so one withdrawal's panel reads at most 25 documents.
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
  /** A customer's withdrawals of one status since a moment: the 24-hour and 30-day caps sum their amounts (an aggregation). */
  withdrawalsSince: { collection: 'withdrawals', equality: ['status', 'userId'], range: 'createdAt', order: { field: 'createdAt', direction: 'asc' } }
} as const satisfies Record<string, QueryShape>;

export type RiskQueryName = keyof typeof riskQueries;

/** How many withdrawals to one address the panel reads: its counts stop there. */
export const ADDRESS_CAP = 20;
