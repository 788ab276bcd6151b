// What the simulation's operations remember of what they did: the records they made, the writes
// that answered ok, the rounds of e-mail the administrator started. The checker reads the emulators;
// this says what the harness itself asked for.
export interface Model {
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

export const newModel = (): Model => ({
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
