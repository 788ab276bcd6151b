import { serverTimestamp, type DocumentData } from 'firebase/firestore';
import type { SessionUser } from '../../shared/contract';
import { auditNotes, auditSubjects, type AuditDraft, type EmailDraft } from '../../shared/domain/changeset';
import type { Operation } from '../app/operations';

/**
 * The stored shape of an audit entry: who did what to which record, before and after, and the
 * operation's fingerprint and answer so a replay of the same operation can answer it again.
 */
export const auditRecord = (draft: AuditDraft, actor: SessionUser, operation: Operation, answer: unknown): DocumentData => ({
  ...draft,
  notes: auditNotes(draft),
  userIds: auditSubjects(draft),
  operationId: operation.id,
  fingerprint: operation.fingerprint,
  answer: answer ?? null,
  adminUid: actor.uid,
  adminEmail: actor.email,
  at: serverTimestamp()
});

/** A queued e-mail: due at once, sent by the dispatcher (see src/main/app/mailDispatcher.ts). */
export const outboxRecord = (email: EmailDraft, auditId: string): DocumentData => ({
  ...email,
  auditId,
  state: 'queued',
  attempts: 0,
  lastError: null,
  leaseOwner: null,
  createdAt: serverTimestamp(),
  sentAt: null,
  nextAttemptAt: serverTimestamp()
});
