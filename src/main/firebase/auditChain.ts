import { doc, FieldValue, Timestamp, type DocumentData, type DocumentReference, type Firestore, type Transaction } from 'firebase/firestore';
import { auditHeadOf, exportedForm, linkAuditEntry } from '../../shared/domain/auditChain';
import type { ChainHead } from '../../shared/domain/chain';
import { AUDIT_HEAD_PATH } from '../../shared/domain/recordsCheck';
import { AppError } from '../../shared/result';
import { readDoc } from './reads';
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

/** The head one transaction attempt read: `onStaleHead` tells a head moved since from a real refusal. */
export interface HeadSeen {
  head?: ChainHead;
}

export async function readAuditChain(tx: Transaction, db: Firestore, options: { now?: () => number; seen?: HeadSeen } = {}): Promise<AuditChainWriter> {
  const now = options.now ?? Date.now;
  const headRef = doc(db, AUDIT_HEAD_PATH);
  const snapshot = await tx.get(headRef);
  let head: ChainHead = auditHeadOf(snapshot.exists() ? snapshot.data() : null);
  if (options.seen) options.seen.head = head;
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

const STALE_HEAD_ATTEMPTS = 25;

/** By its code: the rules' refusal may come from another copy of the SDK's error class (a test's own Firestore). */
const refused = (error: unknown): boolean => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'permission-denied' || (error instanceof AppError && error.code === 'PERMISSION_DENIED');
};

/**
 * Runs `attempt` (one runTransaction that reads the head with `seen`) again when it was refused
 * only because another writer moved the head meanwhile. The SDK re-runs a transaction whose reads
 * changed, but the database checks the rules first: a head written after a stale read breaks the
 * head's rule (seq = old + 1) and comes back as a permission refusal the SDK does not retry. A
 * refusal with the head where this attempt read it is a real one and is thrown.
 */
export async function retryingStaleHead<T>(db: Firestore, attempt: (seen: HeadSeen) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    const seen: HeadSeen = {};
    try {
      return await attempt(seen);
    } catch (error) {
      if (!refused(error) || !seen.head || tries >= STALE_HEAD_ATTEMPTS) throw error;
      const snapshot = await readDoc(doc(db, AUDIT_HEAD_PATH));
      const current = auditHeadOf(snapshot.exists() ? snapshot.data() : null);
      if (current.seq === seen.head.seq && current.hash === seen.head.hash) throw error;
    }
  }
}
