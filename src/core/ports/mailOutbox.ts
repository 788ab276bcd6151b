import type { MailEntry, MailOutboxCounts, MailState, Page, Administrator } from '../../shared/contract';
import type { Operation } from '../operations';
import type { ClaimedMail } from '../../shared/domain/mailOutbox';
import type { PageAt } from './paging';

export type { ClaimedMail };

export interface MailOutbox {
  /** The queue, or one state of it, or the e-mails sent to one address (a customer's page). */
  list(query: { state?: MailState | null; to?: string | null } & PageAt): Promise<Page<MailEntry>>;
  counts(): Promise<MailOutboxCounts>;
  /** Ids of entries whose next attempt is due at nowMs, oldest first. */
  due(nowMs: number, limit: number): Promise<string[]>;
  /** Leases the entry until nowMs + leaseMs, or null when it is not due any more (sent, or leased elsewhere). */
  claim(id: string, nowMs: number, leaseMs: number, owner: string): Promise<ClaimedMail | null>;
  markSent(id: string, owner: string): Promise<void>;
  /** retryAtMs null: no more automatic attempts; the administrator can retry it by hand. */
  markFailed(id: string, owner: string, error: string, retryAtMs: number | null): Promise<void>;
  /** A failed entry goes back in the queue, audited at auditLog/{operation.id}; a replay does nothing. */
  retry(id: string, actor: Administrator, operation: Operation): Promise<void>;
}
