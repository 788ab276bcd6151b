import {
  collection,
  collectionGroup,
  doc,
  documentId,
  DocumentReference,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QuerySnapshot
} from 'firebase/firestore';
import type { ChainedEntry } from '../../shared/domain/chain';
import { AUDIT_HEAD_PATH, DIGESTS, JOURNAL_HEADS } from '../../shared/domain/recordsCheck';
import { PLATFORM_SETTINGS_PATH } from '../../shared/domain/settingsPath';
import { StoredTimestamp } from '../../shared/domain/stored';
import type { RecordsReader } from '../../core/ports/recordsReader';
import { mapFirebaseErrors } from './errors';
import { readDoc, readDocs } from './reads';

const PAGE = 1_000;

/**
 * A stored value as the chains hashed it and the export writes it: a Timestamp as its whole
 * milliseconds, a reference as its path. Not the client SDK's toMillis(), which keeps the fraction of
 * a millisecond (the writers floor it, as firebase-admin does), so every entry written at a time with
 * microseconds would read as changed.
 */
export function exported(value: unknown): unknown {
  if (value instanceof Timestamp) return new StoredTimestamp(value.seconds, value.nanoseconds).toMillis();
  if (value instanceof DocumentReference) return value.path;
  if (Array.isArray(value)) return value.map(exported);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, exported(inner)]));
  return value;
}

const entryOf = (snapshot: DocumentSnapshot): ChainedEntry => ({ path: snapshot.ref.path, data: exported(snapshot.data() ?? {}) as Record<string, unknown> });

/** A query read a page at a time (its own order plus the cursor), so a large store never comes in one answer. */
async function paged(base: Query, order: QueryConstraint[]): Promise<ChainedEntry[]> {
  const found: ChainedEntry[] = [];
  let last: DocumentSnapshot | null = null;
  for (;;) {
    const page: QuerySnapshot = await readDocs(query(base, ...order, ...(last ? [startAfter(last)] : []), limit(PAGE)));
    found.push(...page.docs.map(entryOf));
    if (page.size < PAGE) return found;
    last = page.docs.at(-1)!;
  }
}

const byId = [orderBy(documentId())];

/** The chained records through the client SDK, as the signed-in administrator's rules allow (staff read). */
export function firestoreRecordsReader(db: Firestore): RecordsReader {
  const one = async (path: string) => {
    const snapshot = await readDoc(doc(db, path));
    return snapshot.exists() ? entryOf(snapshot) : null;
  };
  const auditHead = async () => {
    const head = await one(AUDIT_HEAD_PATH);
    return head ? [head] : [];
  };
  // By the digest's own day field (what it signs), so each query needs only the field's automatic index.
  const digestsBetween = (from?: string, to?: string) =>
    paged(query(collection(db, DIGESTS), ...(from ? [where('day', '>=', from)] : []), ...(to ? [where('day', '<=', to)] : [])), [orderBy('day')]);
  return {
    everything: () =>
      mapFirebaseErrors(async () => [
        ...(await auditHead()),
        ...(await paged(collection(db, 'auditLog'), byId)),
        ...(await paged(collection(db, JOURNAL_HEADS), byId)),
        ...(await paged(collection(db, DIGESTS), byId)),
        ...(await paged(collectionGroup(db, 'journal'), byId))
      ]),
    digests: ({ from, to }) => mapFirebaseErrors(() => digestsBetween(from, to)),
    latestDigests: (count) =>
      mapFirebaseErrors(async () => (await readDocs(query(collection(db, DIGESTS), orderBy('day', 'desc'), limit(count)))).docs.map(entryOf)),
    digestBefore: (day) =>
      mapFirebaseErrors(async () => {
        const [found] = (await readDocs(query(collection(db, DIGESTS), where('day', '<', day), orderBy('day', 'desc'), limit(1)))).docs;
        return found ? entryOf(found) : null;
      }),
    digest: (day) => mapFirebaseErrors(() => one(`${DIGESTS}/${day}`)),
    auditAfter: (seq) =>
      mapFirebaseErrors(async () => [...(await auditHead()), ...(await paged(query(collection(db, 'auditLog'), where('seq', '>', seq)), [orderBy('seq')]))]),
    heads: (range) =>
      mapFirebaseErrors(() =>
        range
          ? paged(
              query(
                collection(db, JOURNAL_HEADS),
                where('changedAt', '>=', Timestamp.fromMillis(range.fromMs)),
                where('changedAt', '<', Timestamp.fromMillis(range.toMs))
              ),
              [orderBy('changedAt')]
            )
          : paged(collection(db, JOURNAL_HEADS), byId)
      ),
    journalOf: (userId) => mapFirebaseErrors(() => paged(collection(db, 'users', userId, 'journal'), byId)),
    publishedKey: () =>
      mapFirebaseErrors(async () => {
        const settings = (await readDoc(doc(db, PLATFORM_SETTINGS_PATH))).data();
        const records = settings?.records as Record<string, unknown> | undefined;
        return typeof records?.publicKey === 'string' && /^[0-9a-f]{64}$/i.test(records.publicKey) ? records.publicKey.toLowerCase() : null;
      })
  };
}
