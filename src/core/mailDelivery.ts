import { createHash } from 'node:crypto';
import { isLastOfRound, recipientProblem, roundOf } from '../shared/domain/mailOutbox';
import type { MailPayload } from '../shared/schemas/backendHost';
import type { MailOutbox } from './ports/mailOutbox';

/**
 * Delivering one queued e-mail (docs/product-rules.md §9): the one way, whoever delivers it. The
 * desktop's dispatcher (mailDispatcher.ts) sends through the backend host; the platform's functions
 * (server/platform/mailDelivery.ts) send through SMTP themselves. Both claim the entry with a lease
 * in a transaction first, send under the same Idempotency-Key, and record sent, or failed with the
 * next attempt's time, so two deliverers (or a trigger that fires twice) never send an entry twice.
 */

/**
 * The Idempotency-Key of one queued e-mail's round (src/shared/domain/mailOutbox.ts roundOf): the
 * same for every automatic attempt and for any redelivery of a round's attempt, so an attempt whose
 * reply was lost after the e-mail went out is answered, not sent again. Each Retry by the
 * administrator is a round of its own with a new key: a send whose first try was interrupted is
 * refused for good under its key, and only the administrator may decide to send again. Outbox ids
 * are not UUIDs, so the key is a UUID-shaped digest.
 */
export const deliveryKey = (outboxId: string, round: number): string => {
  const name = round === 0 ? 'automatic' : `round-${round}`;
  const hex = createHash('sha256').update(`mailOutbox/${outboxId}/${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** 5 s, 10 s, 20 s ... capped at 10 minutes. */
export const defaultBackoff = (failures: number): number => Math.min(5_000 * 2 ** Math.max(0, failures - 1), 600_000);

export const DEFAULT_LEASE_MS = 60_000;

export interface DeliveryOptions {
  outbox: Pick<MailOutbox, 'claim' | 'markSent' | 'markFailed'>;
  /** Hands the e-mail over under its Idempotency-Key; rejects with the reason when it did not go. */
  send(mail: MailPayload, key: string): Promise<void>;
  /** Who holds the lease: one per running deliverer. */
  owner: string;
  nowMs(): number;
  leaseMs?: number;
  /** Delay before attempt n+1 after n failures. */
  backoffMs?: (failures: number) => number;
}

/** What became of one entry: sent; failed (to be tried again, or left for the administrator); or not ours to send now. */
export type Delivery = 'sent' | 'failed' | 'not due';

export async function deliverQueuedMail(id: string, options: DeliveryOptions): Promise<Delivery> {
  const { outbox, leaseMs = DEFAULT_LEASE_MS, backoffMs = defaultBackoff } = options;
  const claimed = await outbox.claim(id, options.nowMs(), leaseMs, options.owner);
  if (!claimed) return 'not due';
  const refused = recipientProblem(claimed.to);
  if (refused) {
    await outbox.markFailed(id, options.owner, refused, null);
    return 'failed';
  }
  try {
    await options.send(
      { email: claimed.to, subject: claimed.subject, CompanyName: claimed.companyName, htmlToSend: claimed.html, textToSend: claimed.text, outboxId: id },
      deliveryKey(id, roundOf(claimed.attempts))
    );
    await outbox.markSent(id, options.owner);
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryAt = isLastOfRound(claimed.attempts) ? null : options.nowMs() + backoffMs(claimed.attempts);
    await outbox.markFailed(id, options.owner, reason, retryAt);
    return 'failed';
  }
}
