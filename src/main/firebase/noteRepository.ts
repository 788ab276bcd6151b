import { collection, limit, orderBy, query, type DocumentData, type Firestore } from 'firebase/firestore';
import { readDocs } from './reads';
import type { Note } from '../../shared/contract';
import { notesPath } from '../../shared/domain/notes';
import type { NoteRepository } from '../../core/ports/noteRepository';
import { countOf } from './counting';
import { byFieldThenId, pageAfter, rowsAndCursor } from './cursor';
import { mapFirebaseErrors } from './errors';
import { isoOf, textOf } from './values';

const NOTES_PAGE = 20;

const toNote = (id: string, d: DocumentData): Note => ({ id, text: textOf(d.text) ?? '', at: isoOf(d.at), adminEmail: textOf(d.adminEmail) });

/**
 * A customer's notes (users/{id}/notes), newest first by the commit's time, paged by cursor: a page
 * reads its rows plus one; the first page also counts them (one aggregation). Ordering by one field
 * of one subcollection needs no composite index.
 */
export function firestoreNotes(db: Firestore): NoteRepository {
  const notes = (userId: string) => collection(db, notesPath(userId));
  return {
    list: (userId, at) =>
      mapFirebaseErrors(async () => {
        const pageSize = at.pageSize ?? NOTES_PAGE;
        const [snapshot, total] = await Promise.all([
          readDocs(query(notes(userId), ...byFieldThenId('at', 'desc'), ...pageAfter(at.cursor, pageSize))),
          at.cursor ? null : countOf(notes(userId))
        ]);
        return { ...rowsAndCursor(snapshot, pageSize, 'at', toNote), total, unlisted: null };
      }),
    latest: (userId) =>
      mapFirebaseErrors(async () => {
        const snapshot = await readDocs(query(notes(userId), orderBy('at', 'desc'), limit(1)));
        const first = snapshot.docs[0];
        return first ? toNote(first.id, first.data()) : null;
      })
  };
}
