// Reading a whole collection the way the old screens did, in pages of 10,000 by document id so the
// bench holds one page at a time instead of 100,000 snapshots.
import {
  collection,
  documentId,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
  type QuerySnapshot
} from 'firebase/firestore';

export const READ_ALL_PAGE = 10_000;

/** Calls onDoc for every document; returns how many were read (each one is a billed read). */
export async function readWholeCollection(db: Firestore, name: string, onDoc: (data: DocumentData) => void, pageSize = READ_ALL_PAGE): Promise<number> {
  const ref = collection(db, name);
  let last: QueryDocumentSnapshot | null = null;
  let read = 0;
  for (;;) {
    const snapshot: QuerySnapshot = await getDocs(query(ref, orderBy(documentId()), ...(last ? [startAfter(last)] : []), limit(pageSize)));
    for (const d of snapshot.docs) onDoc(d.data());
    read += snapshot.size;
    if (snapshot.size < pageSize) return read;
    last = snapshot.docs[snapshot.docs.length - 1]!;
  }
}
