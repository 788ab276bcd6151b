// The journal of every change to a customer's money (docs/product-rules.md §6.10): each write to
// users/{id} that changes a money field adds one entry at users/{id}/journal/{eventId}, whoever
// wrote it. Run by the journalMoneyChanges trigger (functions/src/journal.ts) and, on a computer
// with no functions deployed, by a listener (./journalListener.ts). It reads nothing beyond the event
// and writes one document: at a million customers it costs one write per money change.
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { journalEntryOf, journalPath, type DocumentWrite } from '../../src/shared/domain/journal';
import { idProblem } from '../../src/shared/schemas/common';
import { codeOf } from '../errors';

/** All the journal may do with the database: create one document. It cannot read through this. */
export interface JournalDb {
  doc(path: string): { create(data: DocumentData): Promise<unknown> };
}

/** One document write as its event reports it. */
export interface JournalEvent extends DocumentWrite {
  /** The event's id: the entry's id, so a second delivery of the event writes nothing. */
  id: string;
  /** When the write happened (RFC 3339, up to nanoseconds). */
  time: string;
}

export type Journaled = 'written' | 'no money change' | 'already written';

const ALREADY_EXISTS = 6;

/** An RFC 3339 time as a Timestamp, keeping the microseconds Firestore's update times carry (Date would drop them). */
export function timestampOfTime(time: string): Timestamp {
  const millis = Date.parse(time);
  if (Number.isNaN(millis)) throw new Error(`The event's time is not a time: ${time}`);
  const fraction = /\.(\d+)/.exec(time)?.[1] ?? '';
  const seconds = Math.floor(millis / 1000);
  return new Timestamp(seconds, fraction ? Number(fraction.slice(0, 9).padEnd(9, '0')) : (millis - seconds * 1000) * 1_000_000);
}

/**
 * The entry's document id: the event's id, or, where that could not be a document id, its hash (the
 * same for every delivery of the event). Refusing it would make a retried trigger fail for a day.
 */
const entryIdOf = (event: JournalEvent): string => (idProblem(event.id) ? createHash('sha256').update(event.id).digest('hex') : event.id);

export async function journalMoneyChange(db: JournalDb, event: JournalEvent): Promise<Journaled> {
  const entry = journalEntryOf(event);
  if (!entry) return 'no money change';
  const id = entryIdOf(event);
  try {
    await db.doc(`${journalPath(event.userId)}/${id}`).create({ ...entry, at: timestampOfTime(event.time), recordedAt: FieldValue.serverTimestamp() });
    return 'written';
  } catch (error) {
    // The event was delivered before (Eventarc delivers at least once): its entry is there already.
    if (codeOf(error) === ALREADY_EXISTS) return 'already written';
    throw error;
  }
}
