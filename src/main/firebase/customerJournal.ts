import { collection, doc, limit, orderBy, query, runTransaction, Timestamp, where, type DocumentData, type Firestore, type Query } from 'firebase/firestore';
import { checkedFrom, storedJournalHeadOf, type BalanceEvidence } from '../../shared/domain/balanceCheck';
import { JOURNAL_HEADS } from '../../shared/domain/recordsCheck';
import { readDoc, readDocs } from './reads';
import { journalFields, journalPath, journalWriterKinds, type JournalAmount, type JournalChange, type JournalRecord } from '../../shared/domain/journal';
import type { StoredTimestamp } from '../../shared/domain/stored';
import type { CustomerJournal } from '../../core/ports/customerJournal';
import { countOf } from './counting';
import { byFieldThenId, pageAfter, rowsAndCursor } from './cursor';
import { mapFirebaseErrors } from './errors';
import { isoOf, textOf } from './values';
import { dataFromFirestore } from './storedValues';

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
    kind: oneOf(d.kind, ['created', 'updated', 'deleted', 'genesis'] as const, 'updated'),
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
 * What the Figures' balance check reads (CustomerJournal.balanceEvidence): the customer and their head
 * in one read-only transaction, so both are as of one instant; then the entries the head's verified
 * part does not cover (by seq: immutable once chained, so no transaction is needed) and the audit
 * entries they name, each read once.
 */
async function readBalanceEvidence(db: Firestore, userId: string): Promise<{ evidence: BalanceEvidence; reads: number } | null> {
  const [user, headDoc] = await runTransaction(db, (tx) => Promise.all([tx.get(doc(db, 'users', userId)), tx.get(doc(db, JOURNAL_HEADS, userId))]));
  if (!user.exists()) return null;
  const head = storedJournalHeadOf(headDoc.data());
  const base = { userId, balance: user.get('balance') as unknown, head, entries: [], auditsFound: new Set<string>() };
  if (!head) return { evidence: base, reads: 2 };
  const after = checkedFrom(head).seq;
  const chained = await readDocs(query(collection(db, journalPath(userId)), where('seq', '>', after), where('seq', '<=', head.seq), orderBy('seq')));
  const entries = chained.docs.map((d) => ({ path: d.ref.path, data: dataFromFirestore(d.data()) }));
  const named = [...new Set(entries.map((e) => e.data.auditId).filter((id): id is string => typeof id === 'string' && id !== ''))];
  const audits = await Promise.all(named.map((id) => readDoc(doc(db, 'auditLog', id))));
  const covers = `users/${userId}`;
  const auditsFound = new Set(
    audits.filter((a) => a.exists() && Array.isArray(a.get('paths')) && (a.get('paths') as unknown[]).includes(covers)).map((a) => a.id)
  );
  return { evidence: { ...base, entries, auditsFound }, reads: 2 + Math.max(1, chained.size) + audits.length };
}

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
    balanceEvidence: (userId) => mapFirebaseErrors(() => readBalanceEvidence(db, userId)),
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
