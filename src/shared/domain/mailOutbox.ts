/**
 * The outbox's delivery states (docs/product-rules.md §9), decided the same way by each store that
 * keeps them: the desktop's Firestore client and the platform's firebase-admin. `nextAttemptAt` is
 * the only field a deliverer queries: a due entry has it in the past, a claimed one has it at the end
 * of its lease (so a crashed deliverer's entry becomes due again), a sent or given-up one has it null.
 */

/** An entry as its deliverer reads it inside the claim's transaction. */
export interface OutboxEntryNow {
  state: unknown;
  attempts: unknown;
  /** null: sent, given up, or never scheduled. */
  nextAttemptAtMs: number | null;
}

/** The claim of a due entry (state sending, one more attempt, leased until leaseUntilMs), or null when it is not due. */
export function claimOf(entry: OutboxEntryNow | null, nowMs: number, leaseMs: number): { attempts: number; leaseUntilMs: number } | null {
  if (!entry || entry.state === 'sent' || entry.nextAttemptAtMs === null || entry.nextAttemptAtMs > nowMs) return null;
  return { attempts: (typeof entry.attempts === 'number' ? entry.attempts : 0) + 1, leaseUntilMs: nowMs + leaseMs };
}

/** A failure is recorded only by the deliverer that holds the lease, and never over a sent entry. */
export const mayRecordFailure = (state: unknown, leaseOwner: unknown, owner: string): boolean => state !== 'sent' && leaseOwner === owner;

/** An outbox entry claimed by one deliverer for one attempt: what goes out. */
export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  companyName: string;
  html: string;
  text: string;
  /** Attempts including this one. */
  attempts: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What the claimed entry says to send; fields fixed at queueing (firestore.rules), read as text. */
export const claimedMailOf = (id: string, data: Record<string, unknown>, attempts: number): ClaimedMail => ({
  id,
  to: text(data.to),
  subject: text(data.subject),
  companyName: text(data.companyName),
  html: text(data.html),
  text: text(data.text),
  attempts
});
