import { collection, doc, limit, query, where, type DocumentData, type Firestore } from 'firebase/firestore';
import { readDoc, readDocs } from './reads';
import type { RecordKind, RecordMatch } from '../../shared/contract';
import { formatUsd } from '../../shared/domain/money';
import { canonicalTxid } from '../../shared/domain/txid';
import { idProblem } from '../../shared/schemas/common';
import type { RecordFinder } from '../../core/ports/recordFinder';
import type { UserRepository } from '../../core/ports/userRepository';
import { mapFirebaseErrors } from './errors';
import { inClause } from './inFilter';
import { amountOf, isoOf, statusTextOf, textOf } from './values';

/** Where each kind of record is stored, how it names its customer, and the date it carries. */
type Kind = { kind: RecordKind; collection: string; noun: string; email: string; date: string };
const kinds: Kind[] = [
  { kind: 'deposit', collection: 'deposits', noun: 'Deposit', email: 'userEmail', date: 'timestamp' },
  { kind: 'withdrawal', collection: 'withdrawals', noun: 'Withdrawal', email: 'email', date: 'createdAt' },
  { kind: 'investment', collection: 'investments', noun: 'Investment', email: 'email', date: 'createdAt' },
  { kind: 'compoundInvestment', collection: 'compoundInvest', noun: 'Compound investment', email: 'email', date: 'startAt' },
  { kind: 'user', collection: 'users', noun: 'Customer', email: 'email', date: 'timestamp' },
  // A deleted customer, kept with the reason (server/users.ts writes archivedUsers/{id}).
  { kind: 'archivedUser', collection: 'archivedUsers', noun: 'Deleted customer', email: 'email', date: 'deletedAt' }
];
const byKind = (kind: RecordKind): Kind => kinds.find((k) => k.kind === kind)!;

/** What a pasted chain transaction id looks like on any coin (src/shared/domain/txid.ts): 64 hex, with or without 0x. */
const TXID = /^(0x)?[0-9a-f]{64}$/i;
/** The two ways a record may store the transaction a pasted id names: bare and with `0x`, lower-cased. */
const txidSpellings = (text: string): string[] => {
  const hash = canonicalTxid(text.toLowerCase());
  return [hash, `0x${hash}`];
};
/** Records a transaction id can justify; one normally, more only where a guard did not exist yet. */
const TXID_MATCHES = 5;
/** Deleted customers with one e-mail address (it is their id that is unique). */
const ARCHIVED_MATCHES = 5;

const moneyText = (d: DocumentData): string => {
  const { amount, amountRaw } = amountOf(d.amount);
  return amount !== null ? formatUsd(amount) : (amountRaw ?? 'no amount');
};

const matchOf = (kind: Kind, id: string, d: DocumentData): RecordMatch => {
  const when = isoOf(d[kind.date]);
  if (kind.kind === 'user') {
    return { kind: 'user', id, label: textOf(d.fullname) ?? textOf(d.email) ?? id, detail: textOf(d.email), userId: id };
  }
  if (kind.kind === 'archivedUser') {
    const who = textOf(d.fullname) ?? textOf(d.email) ?? id;
    return {
      kind: 'archivedUser',
      id,
      label: `${who} (deleted)`,
      detail: `${textOf(d.email) ?? 'no e-mail'}${when ? ` · deleted ${when}` : ''}`,
      userId: null
    };
  }
  const status = statusTextOf(d.status) || 'no status';
  return {
    kind: kind.kind,
    id,
    label: `${kind.noun} of ${moneyText(d)} by ${textOf(d[kind.email]) ?? 'an unknown customer'}`,
    detail: `${status}${when ? ` · ${when}` : ''}`,
    userId: textOf(d.userId)
  };
};

/**
 * Something pasted that could be an id is looked up in the five collections and among deleted
 * customers at once (six reads); a chain transaction id also finds the deposit or withdrawal it
 * justified (`txid`, stored lower-cased as typed), in either spelling of its hash. Anything else,
 * or an id that matched nothing, is a customer search by e-mail or name prefix (the webmail
 * picker's, at most 20 documents), and an e-mail also finds deleted customers who had it (at most 5).
 */
export function firestoreRecordFinder(db: Firestore, users: Pick<UserRepository, 'search'>): RecordFinder {
  return {
    find: (raw) =>
      mapFirebaseErrors(async () => {
        const text = raw.trim();
        let documentsRead = 0;
        const matches: RecordMatch[] = [];
        if (!/\s/.test(text) && !text.includes('@') && idProblem(text) === null) {
          const found = await Promise.all(kinds.map((kind) => readDoc(doc(db, kind.collection, text))));
          documentsRead += found.length;
          found.forEach((snapshot, i) => {
            const kind = kinds[i];
            if (kind && snapshot.exists()) matches.push(matchOf(kind, snapshot.id, snapshot.data()));
          });
        }
        if (TXID.test(text)) {
          const spellings = txidSpellings(text);
          const found = await Promise.all(
            (['deposit', 'withdrawal'] as const).map((kind) =>
              readDocs(query(collection(db, byKind(kind).collection), inClause('txid', spellings), limit(TXID_MATCHES))).then((q) => ({ kind, q }))
            )
          );
          for (const { kind, q } of found) {
            documentsRead += Math.max(1, q.size);
            for (const d of q.docs) if (!matches.some((m) => m.kind === kind && m.id === d.id)) matches.push(matchOf(byKind(kind), d.id, d.data()));
          }
        }
        if (text.includes('@')) {
          const archived = await readDocs(query(collection(db, 'archivedUsers'), where('emailLower', '==', text.toLowerCase()), limit(ARCHIVED_MATCHES)));
          documentsRead += Math.max(1, archived.size);
          for (const d of archived.docs) matches.push(matchOf(byKind('archivedUser'), d.id, d.data()));
        }
        if (matches.every((m) => m.kind === 'archivedUser')) {
          const result = await users.search(text);
          documentsRead += result.queries.reduce((sum, q) => sum + q.documents, 0);
          // The e-mail and name queries each answer in their own order: one alphabetical list reads better.
          const customers = result.rows.map((row): RecordMatch => ({
            kind: 'user',
            id: row.id,
            label: row.fullname ?? row.email ?? row.id,
            detail: row.email,
            userId: row.id
          }));
          matches.push(...customers.sort((a, b) => a.label.localeCompare(b.label)));
        }
        return { matches, documentsRead };
      })
  };
}
