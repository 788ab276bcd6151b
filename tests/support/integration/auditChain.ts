import { doc, getDoc, Timestamp, type DocumentData, type Firestore, type WriteBatch } from 'firebase/firestore';
import { auditHeadOf, exportedForm, linkAuditEntry } from '../../../src/shared/domain/auditChain';
import { AUDIT_HEAD_PATH } from '../../../src/shared/domain/recordsCheck';
import { fromFirestore } from '../../../src/main/firebase/storedValues';

/**
 * For tests that write an audit entry by hand, as the rules demand of every entry (§16.6): on the
 * chain after the current head, dated now at the millisecond, with the head moved to it in the same
 * batch. Reads the head first, so two such batches must not run at once (the second is refused,
 * as a real writer's transaction would be retried).
 */
export async function addChainedEntry(db: Firestore, batch: WriteBatch, entryId: string, entry: DocumentData, atMs = Date.now()): Promise<void> {
  const headRef = doc(db, AUDIT_HEAD_PATH);
  // A caller who may not read the head (a customer) gets the empty chain: its write is refused anyway.
  const head = await getDoc(headRef).then(
    (snapshot) => auditHeadOf(snapshot.exists() ? snapshot.data() : null),
    () => auditHeadOf(null)
  );
  const { at: _at, ...rest } = entry;
  const link = linkAuditEntry(head, exportedForm(fromFirestore(rest)) as Record<string, unknown>, atMs);
  const at = Timestamp.fromMillis(link.atMs);
  batch.set(doc(db, 'auditLog', entryId), { ...rest, at, seq: link.seq, hash: link.hash });
  batch.set(headRef, { seq: link.seq, hash: link.hash, at, entryId });
}
