import { chainNext, EMPTY_HEAD, type ChainHead } from './chain';
import { StoredBytes, StoredGeoPoint, StoredReference, StoredTimestamp, StoredVector } from './stored';

/**
 * The audit log's one platform-wide chain (docs/product-rules.md §16.6), the part both SDKs share.
 * Each writer reads the head `auditChain/head` last in its transaction, links its entry after it and
 * writes the entry and the new head together; firestore.rules refuse an entry or a head written
 * without the other. The writers differ only in their SDK's value classes, which they turn into the
 * tagged ones (stored.ts) before calling here.
 */

/** The head as read: an absent or unreadable head is the empty chain (the first entry gets seq 1). */
export const auditHeadOf = (data: Record<string, unknown> | undefined | null): ChainHead =>
  data && typeof data.seq === 'number' && typeof data.hash === 'string' ? { seq: data.seq, hash: data.hash } : EMPTY_HEAD;

/**
 * A stored value as tools/records/export.ts `exported()` reads it back with firebase-admin, which is
 * what the verifier hashes: a time as its epoch milliseconds, a reference as its path, and the other
 * special types as firebase-admin's objects list their own fields. The writer hashes this form, so
 * the bytes it signs are the bytes an auditor's export holds.
 */
export function exportedForm(value: unknown): unknown {
  if (value instanceof StoredTimestamp) return value.toMillis();
  if (value instanceof StoredReference) return value.path;
  if (value instanceof StoredGeoPoint) return { _latitude: value.latitude, _longitude: value.longitude };
  if (value instanceof StoredVector) return { _values: [...value.values] };
  if (value instanceof StoredBytes) {
    const binary = atob(value.base64);
    return Object.fromEntries(Array.from(binary, (char, index) => [String(index), char.charCodeAt(0)]));
  }
  if (Array.isArray(value)) return value.map(exportedForm);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, exportedForm(inner)]));
  }
  return value;
}

/** Where an entry sits on the chain: its seq, its hash, and its time as stored (epoch milliseconds). */
export interface AuditLink extends ChainHead {
  atMs: number;
}

/**
 * Links an entry after `head`, written at `atMs`: the writer's clock at millisecond precision (a
 * server timestamp is not known before the commit, and the time is hashed). `exported` is the entry
 * in its exported form (`exportedForm`, or the admin writer's own), without `at`; any `seq` or
 * `hash` it holds is replaced. The new head is `{ seq, hash }` of the answer, stored with `at` and
 * the entry's id.
 */
export function linkAuditEntry(head: ChainHead, exported: Record<string, unknown>, atMs: number): AuditLink {
  const ms = Math.floor(atMs);
  const { hash: _hash, seq: _seq, ...rest } = exported;
  const next = chainNext(head, { ...rest, at: ms });
  return { ...next, atMs: ms };
}
