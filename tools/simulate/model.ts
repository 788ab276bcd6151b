// What the simulation's operations remember of what they did: the records they made, the writes
// that answered ok, the rounds of e-mail the administrator started, the approval requests the policy
// made. The checker reads the emulators; this says what the harness itself asked for.
import type { Violation } from './invariants';

/** An approval request a covered withdrawal approval made: its id, the withdrawal, the desktop that asked. */
export interface AskedApproval {
  id: string;
  withdrawalId: string;
  /** The maker's desktop: 0 or 1 (the owner), or 2 (the approver). */
  maker: number;
}

export interface Model {
  /** The seed's approval policy: withdrawals of at least this many dollars need a second administrator. */
  withdrawalAtLeast: number;
  /** The requests covered approvals made, in order. */
  requests: AskedApproval[];
  /**
   * What an operation was answered that the team's rules say cannot be (a covered approval applied at
   * once, the maker's own approval accepted, a closed request decided again): reported with the invariants.
   */
  surprises: Violation[];
  step: number;
  /** The operations run so far, as they read. */
  ran: string[];
  deposits: string[];
  withdrawals: string[];
  investments: string[];
  compound: string[];
  txids: string[];
  /** Every administrator write that answered ok, in order; the checker looks for each one's audit entry. */
  written: { operationId: string; method: string }[];
  checkedWrites: number;
  refusals: number;
  deleted: Set<string>;
  /** Customers a Manage adjustment was allowed to take below zero. */
  negativeAllowed: Set<string>;
  /** Retry rounds the administrator started, per outbox entry. */
  mailRetries: Map<string, number>;
}

export const newModel = (withdrawalAtLeast: number): Model => ({
  withdrawalAtLeast,
  requests: [],
  surprises: [],
  step: 0,
  ran: [],
  deposits: [],
  withdrawals: [],
  investments: [],
  compound: [],
  txids: [],
  written: [],
  checkedWrites: 0,
  refusals: 0,
  deleted: new Set(),
  negativeAllowed: new Set(),
  mailRetries: new Map()
});
