// The backend host's and the functions' audit entries on the platform's one chain
// (docs/product-rules.md §16.6), with firebase-admin. Same contract as the desktop's
// (src/main/firebase/auditChain.ts): read the head LAST in the transaction, then append the entry;
// the entry gets the next seq and its hash and the head moves to it in the same commit, so two
// writers can neither fork nor skip the chain (the later commit is retried and links after the first).
import { DocumentReference, FieldValue, Timestamp, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { auditHeadOf, linkAuditEntry } from '../src/shared/domain/auditChain';
import type { ChainHead } from '../src/shared/domain/chain';
import { AUDIT_HEAD_PATH } from '../src/shared/domain/recordsCheck';

export interface AuditChainWriter {
  /** Creates `entry` at `ref`, dated now, with its seq and hash, and moves the head to it. */
  append(ref: DocumentReference, entry: DocumentData): void;
}

/**
 * An entry as tools/records/export.ts `exported()` reads it back (the verifier hashes that): a
 * Timestamp (or a Date, stored as one) as epoch milliseconds, a reference as its path, any other
 * object by its own fields. A sentinel (a server timestamp, a delete) is only known at commit, so it
 * cannot be hashed and is refused.
 */
export function exportedAdmin(value: unknown): unknown {
  if (value instanceof FieldValue) throw new Error('An audit entry cannot hold a value only known at commit: it could not be chained.');
  if (value instanceof Timestamp) return value.toMillis();
  if (value instanceof Date) return value.getTime();
  if (value instanceof DocumentReference) return value.path;
  if (Array.isArray(value)) return value.map(exportedAdmin);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, exportedAdmin(inner)]));
  }
  return value;
}

export async function readAuditChain(tx: Transaction, db: Firestore, now: () => number = Date.now): Promise<AuditChainWriter> {
  const headRef = db.doc(AUDIT_HEAD_PATH);
  const snapshot = await tx.get(headRef);
  let head: ChainHead = auditHeadOf(snapshot.exists ? snapshot.data() : null);
  return {
    append(ref, entry) {
      const link = linkAuditEntry(head, exportedAdmin(entry) as Record<string, unknown>, now());
      const at = Timestamp.fromMillis(link.atMs);
      tx.create(ref, { ...entry, at, seq: link.seq, hash: link.hash });
      tx.set(headRef, { seq: link.seq, hash: link.hash, at, entryId: ref.id });
      head = link;
    }
  };
}
