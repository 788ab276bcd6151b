import { serverTimestamp, type DocumentData } from 'firebase/firestore';
import type { SessionUser } from '../../shared/contract';
import { auditNotes, auditSubjects, type AuditDraft, type EmailDraft } from '../../shared/domain/changeset';
import type { Operation } from '../app/operations';

/** The field every document an administrator writes carries: the id of the audit entry written with it (firestore.rules). */
export const LAST_AUDIT_ID = 'lastAuditId';

/**
 * The stored shape of an audit entry: who did what to which record, before and after, every
 * document path the write changed (`paths`, which firestore.rules check each written document
 * against), and the operation's fingerprint and answer so a replay can answer it again.
 */
export const auditRecord = (draft: AuditDraft, actor: SessionUser, operation: Operation, answer: unknown, paths: string[] = []): DocumentData => ({
  ...draft,
  paths,
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
