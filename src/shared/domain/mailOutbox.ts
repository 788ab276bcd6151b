/**
 * The outbox's delivery states (docs/product-rules.md §9), decided the same way by each store that
 * keeps them: the desktop's Firestore client and the platform's firebase-admin. `nextAttemptAt` is
 * the only field a deliverer queries: a due entry has it in the past, a claimed one has it at the end
 * of its lease (so a crashed deliverer's entry becomes due again), a sent or given-up one has it null.
 */

import { sendMailBodySchema } from '../schemas/backendHost';
import type { EmailDraft } from './changeset';

/** An entry as its deliverer reads it inside the claim's transaction. */
export interface OutboxEntryNow {
  state: unknown;
  attempts: unknown;
  /** null: sent, given up, or never scheduled. */
  nextAttemptAtMs: number | null;
}

/**
 * The automatic round: every queued e-mail gets this many attempts, all under one Idempotency-Key.
 * Past it only the administrator's Retry sends, one attempt per Retry (a round of its own, its own key).
 */
export const MAIL_ATTEMPTS = 8;

/**
 * A queued e-mail as every writer stores it (the desktop's ledger store, the backend host's team
 * changes): the draft, the audit entry it tells of, and its first delivery state. `serverTime` is the
 * writing SDK's server timestamp, so the outbox's clock is Firestore's whoever queues.
 */
export const queuedMail = <T>(email: EmailDraft, auditId: string, serverTime: T) => ({
  ...email,
  auditId,
  state: 'queued' as const,
  attempts: 0,
  lastError: null,
  leaseOwner: null,
  createdAt: serverTime,
  sentAt: null,
  nextAttemptAt: serverTime
});

/**
 * The round an attempt belongs to: 0 for the automatic attempts (1 to MAIL_ATTEMPTS), n for the
 * administrator's nth Retry past them. A Retry round has one attempt (claimOf never claims past the
 * cap again), so the attempt's number names its round.
 */
export const roundOf = (attempt: number): number => Math.max(0, attempt - MAIL_ATTEMPTS);

/** Whether this attempt is its round's last: a failure then waits for the administrator's Retry. */
export const isLastOfRound = (attempt: number): boolean => attempt >= MAIL_ATTEMPTS;

/** Why an entry whose last attempt outlived its lease is failed instead of sent again. */
export const UNFINISHED_LAST_ATTEMPT =
  'The last attempt did not finish in time, so whether this e-mail went out is unknown; it is not sent again on its own. Retry it if the customer must get it (they may receive it twice).';

/**
 * What a deliverer does with an entry: claim it (state sending, this attempt, leased until
 * leaseUntilMs), give it up (state failed with this reason, no next attempt), or nothing (null:
 * not due, sent, or leased elsewhere).
 */
export type ClaimDecision = { claim: { attempts: number; leaseUntilMs: number } } | { giveUp: string } | null;

/**
 * A due entry is claimed for one more attempt while the automatic round has attempts left, or when
 * the administrator's Retry queued it again (state queued past the cap). Never otherwise: a round's
 * last attempt that outlived its lease (a slow mail server, a stopped deliverer) may have gone out,
 * and a new attempt past the cap would carry a new Idempotency-Key, so it would be sent again.
 */
export function claimOf(entry: OutboxEntryNow | null, nowMs: number, leaseMs: number): ClaimDecision {
  if (!entry || entry.state === 'sent' || entry.nextAttemptAtMs === null || entry.nextAttemptAtMs > nowMs) return null;
  const attempts = typeof entry.attempts === 'number' ? entry.attempts : 0;
  if (attempts < MAIL_ATTEMPTS || entry.state === 'queued') return { claim: { attempts: attempts + 1, leaseUntilMs: nowMs + leaseMs } };
  return entry.state === 'sending' ? { giveUp: UNFINISHED_LAST_ATTEMPT } : null;
}

/**
 * Why an e-mail cannot go to `to`, or null when it names exactly one address: the rule POST /send-mail
 * checks its body with, so every path that sends (the desktop's dispatcher, the platform's trigger and
 * sweep, the backend host) refuses the same recipients. A mail server sends "a@x.test, b@y.test" to
 * everyone it names; trying again cannot change the address.
 */
export function recipientProblem(to: string): string | null {
  if (isOneAddress(to)) return null;
  return `Not sent to anyone: "${to}" is not one e-mail address, and an e-mail goes to exactly one customer. Correct the customer's e-mail address.`;
}

/** Whether `to` is exactly one e-mail address, by the rule POST /send-mail checks its body with. */
export const isOneAddress = (to: string): boolean => sendMailBodySchema.shape.email.safeParse(to).success;

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
