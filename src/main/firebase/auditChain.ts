import { doc, FieldValue, Timestamp, type DocumentData, type DocumentReference, type Firestore, type Transaction } from 'firebase/firestore';
import { auditHeadOf, exportedForm, linkAuditEntry } from '../../shared/domain/auditChain';
import type { ChainHead } from '../../shared/domain/chain';
import { AUDIT_HEAD_PATH } from '../../shared/domain/recordsCheck';
import { AppError } from '../../shared/result';
import { fromFirestore } from './storedValues';

/**
 * The desktop's audit entries on the platform's one chain (docs/product-rules.md §16.6). A
 * transaction that writes an audit entry reads the head with `readAuditChain` as its LAST read
 * (Firestore wants every read before the first write, and the head is what every audited write
 * contends on, so it is held for the shortest time), then `append`s its entry: the entry gets the
 * next seq and its hash, and the head moves to it in the same commit. Two desktops writing at once
 * cannot both link after the same head: the later commit finds the head changed, the SDK re-runs
 * its transaction, and the re-run links after the earlier entry.
 */
export interface AuditChainWriter {
  /** Writes `entry` at `ref`, dated now, with its seq and hash, and moves the head to it. */
  append(ref: DocumentReference, entry: DocumentData): void;
}

const containsSentinel = (value: unknown): boolean =>
  value instanceof FieldValue ||
  (Array.isArray(value) ? value.some(containsSentinel) : typeof value === 'object' && value !== null && Object.values(value).some(containsSentinel));

/** A Date is stored as a Timestamp by the SDK; it is hashed as one too. */
const datesAsTimestamps = (value: unknown): unknown => {
  if (value instanceof Date) return Timestamp.fromDate(value);
  if (Array.isArray(value)) return value.map(datesAsTimestamps);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, datesAsTimestamps(inner)]));
  }
  return value;
};

export async function readAuditChain(tx: Transaction, db: Firestore, now: () => number = Date.now): Promise<AuditChainWriter> {
  const headRef = doc(db, AUDIT_HEAD_PATH);
  const snapshot = await tx.get(headRef);
  let head: ChainHead = auditHeadOf(snapshot.exists() ? snapshot.data() : null);
  return {
    append(ref, entry) {
      // A server timestamp or other sentinel is only known at commit: it cannot be hashed before.
      if (containsSentinel(entry)) throw new AppError('INTERNAL', `The audit entry ${ref.path} holds a value only known at commit, so it cannot be chained.`);
      const stored = datesAsTimestamps(entry) as DocumentData;
      const link = linkAuditEntry(head, exportedForm(fromFirestore(stored)) as Record<string, unknown>, now());
      const at = Timestamp.fromMillis(link.atMs);
      tx.set(ref, { ...stored, at, seq: link.seq, hash: link.hash });
      tx.set(headRef, { seq: link.seq, hash: link.hash, at, entryId: ref.id });
      head = link;
    }
  };
}
