import { collection, doc, limit, orderBy, query, Timestamp, where, type DocumentData, type Firestore, type Query } from 'firebase/firestore';
import { readDoc, readDocs } from './reads';
import { journalFields, journalPath, journalWriterKinds, type JournalAmount, type JournalChange, type JournalRecord } from '../../shared/domain/journal';
import type { StoredTimestamp } from '../../shared/domain/stored';
import type { CustomerJournal } from '../app/ports/customerJournal';
import { countOf } from './counting';
import { byFieldThenId, pageAfter, rowsAndCursor } from './cursor';
import { mapFirebaseErrors } from './errors';
import { isoOf, textOf } from './values';

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], otherwise: T): T => (allowed.includes(value as T) ? (value as T) : otherwise);

const amountOf = (value: unknown): JournalAmount => {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { cents: Number.isSafeInteger(stored.cents) ? (stored.cents as number) : null, unreadable: textOf(stored.unreadable) };
};

const changeOf = (value: unknown): JournalChange[] => {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  if (!journalFields.includes(stored.field as never)) return [];
  const deltaCents = Number.isSafeInteger(stored.deltaCents) ? (stored.deltaCents as number) : null;
  return [{ field: stored.field as JournalChange['field'], before: amountOf(stored.before), after: amountOf(stored.after), deltaCents }];
};

/** An entry as the platform's functions wrote it (server/platform/journal.ts), read defensively: nothing else writes there. */
export function journalRecordOf(id: string, d: DocumentData): JournalRecord {
  const writer = d.writer && typeof d.writer === 'object' ? (d.writer as Record<string, unknown>) : {};
  const email = textOf(writer.email);
  return {
    id,
    at: isoOf(d.at) ?? '',
    userId: textOf(d.userId) ?? '',
    kind: oneOf(d.kind, ['created', 'updated', 'deleted'] as const, 'updated'),
    changes: Array.isArray(d.changes) ? d.changes.flatMap(changeOf) : [],
    balanceMoved: d.balanceMoved === true,
    balanceAfter: amountOf(d.balanceAfter),
    writer: { kind: oneOf(writer.kind, journalWriterKinds, 'unknown'), id: textOf(writer.id), ...(email ? { email } : {}) },
    auditId: textOf(d.auditId),
    // Only an entry that names its audit entry is Ledgerdesk's.
    outside: d.outside !== false
  };
}

// Firestore keeps times from year 1 to the end of year 9999: a bound outside that range is moved to its edge.
const EARLIEST = -62_135_596_800;
const LATEST = 253_402_300_799;

/** A bound as Firestore compares it: seconds and nanoseconds, the precision the journal's times keep. */
const at = ({ seconds, nanoseconds }: StoredTimestamp) =>
  seconds < EARLIEST ? new Timestamp(EARLIEST, 0) : seconds > LATEST ? new Timestamp(LATEST, 999_999_999) : new Timestamp(seconds, nanoseconds);

/**
 * users/{id}/journal, newest first by the write's time. A page reads its rows plus one and the first
 * page counts them (one aggregation); outsideOnly and the statement's balance movements each use one
 * composite index (src/shared/queries/handWritten.ts).
 */
export function firestoreJournal(db: Firestore): CustomerJournal {
  const journal = (userId: string) => collection(db, journalPath(userId));
  const first = async (q: Query) => {
    const [found] = (await readDocs(q)).docs;
    return found ? journalRecordOf(found.id, found.data()) : null;
  };
  return {
    page: (userId, { cursor, pageSize = 25, outsideOnly }) =>
      mapFirebaseErrors(async () => {
        const filters = outsideOnly ? [where('outside', '==', true)] : [];
        const [snapshot, total] = await Promise.all([
          readDocs(query(journal(userId), ...filters, ...byFieldThenId('at', 'desc'), ...pageAfter(cursor, pageSize))),
          cursor ? null : countOf(query(journal(userId), ...filters))
        ]);
        return { ...rowsAndCursor(snapshot, pageSize, 'at', journalRecordOf), total, unlisted: null };
      }),
    known: (userId) =>
      mapFirebaseErrors(async () => (await readDoc(doc(db, 'users', userId))).exists() || (await readDoc(doc(db, 'archivedUsers', userId))).exists()),
    first: (userId) => mapFirebaseErrors(() => first(query(journal(userId), orderBy('at', 'asc'), limit(1)))),
    lastBefore: (userId, instant) => mapFirebaseErrors(() => first(query(journal(userId), where('at', '<', at(instant)), orderBy('at', 'desc'), limit(1)))),
    balanceMoves: (userId, period, most) =>
      mapFirebaseErrors(async () => {
        // Up to the next period's start, excluded (src/shared/domain/statement.ts, StatementPeriod).
        const moved = query(
          journal(userId),
          where('balanceMoved', '==', true),
          where('at', '>=', at(period.from)),
          where('at', '<', at(period.nextStart)),
          ...byFieldThenId('at', 'asc'),
          limit(most)
        );
        return (await readDocs(moved)).docs.map((d) => journalRecordOf(d.id, d.data()));
      })
  };
}
