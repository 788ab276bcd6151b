import { serverTimestamp, type DocumentData } from 'firebase/firestore';
import type { Administrator } from '../../shared/contract';
import { queuedMail } from '../../shared/domain/mailOutbox';
import { auditEntryOf, LAST_AUDIT_ID, type AuditDraft, type EmailDraft } from '../../shared/domain/changeset';
import type { Operation } from '../../core/operations';

export { LAST_AUDIT_ID };

/**
 * An audit entry as the desktop writes it: its shape (auditEntryOf). It is dated, numbered and
 * hashed when it is appended to the audit chain (./auditChain.ts), which every writer goes through.
 */
export const auditRecord = (draft: AuditDraft, actor: Administrator, operation: Operation, answer: unknown, paths: string[] = []): DocumentData =>
  auditEntryOf(draft, actor, operation, answer, paths);

/** A queued e-mail: due at once, sent by the dispatcher (see src/core/mailDispatcher.ts). */
export const outboxRecord = (email: EmailDraft, auditId: string): DocumentData => queuedMail(email, auditId, serverTimestamp());
