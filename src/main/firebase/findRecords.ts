import { doc, getDoc, type DocumentData, type Firestore } from 'firebase/firestore';
import type { RecordKind, RecordMatch } from '../../shared/contract';
import { formatUsd } from '../../shared/domain/money';
import { idProblem } from '../../shared/schemas/common';
import type { RecordFinder } from '../app/ports/recordFinder';
import type { UserRepository } from '../app/ports/userRepository';
import { mapFirebaseErrors } from './errors';
import { amountOf, isoOf, statusTextOf, textOf } from './values';

/** Where each kind of record is stored, how it names its customer, and the date it carries. */
const kinds: { kind: RecordKind; collection: string; noun: string; email: string; date: string }[] = [
  { kind: 'deposit', collection: 'deposits', noun: 'Deposit', email: 'userEmail', date: 'timestamp' },
  { kind: 'withdrawal', collection: 'withdrawals', noun: 'Withdrawal', email: 'email', date: 'createdAt' },
  { kind: 'investment', collection: 'investments', noun: 'Investment', email: 'email', date: 'createdAt' },
  { kind: 'compoundInvestment', collection: 'compoundInvest', noun: 'Compound investment', email: 'email', date: 'startAt' },
  { kind: 'user', collection: 'users', noun: 'Customer', email: 'email', date: 'timestamp' }
];

const moneyText = (d: DocumentData): string => {
  const { amount, amountRaw } = amountOf(d.amount);
  return amount !== null ? formatUsd(amount) : (amountRaw ?? 'no amount');
};

const matchOf = (kind: (typeof kinds)[number], id: string, d: DocumentData): RecordMatch => {
  const when = isoOf(d[kind.date]);
  if (kind.kind === 'user') {
    return { kind: 'user', id, label: textOf(d.fullname) ?? textOf(d.email) ?? id, detail: textOf(d.email), userId: id };
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
 * Something pasted that could be an id is looked up in the five collections at once (five reads);
 * anything else, or an id that matched nothing, is a customer search by e-mail or name prefix
 * (the webmail picker's, at most 20 documents).
 */
export function firestoreRecordFinder(db: Firestore, users: Pick<UserRepository, 'search'>): RecordFinder {
  return {
    find: (raw) =>
      mapFirebaseErrors(async () => {
        const text = raw.trim();
        let documentsRead = 0;
        const matches: RecordMatch[] = [];
        if (!/\s/.test(text) && !text.includes('@') && idProblem(text) === null) {
          const found = await Promise.all(kinds.map((kind) => getDoc(doc(db, kind.collection, text))));
          documentsRead += found.length;
          found.forEach((snapshot, i) => {
            const kind = kinds[i];
            if (kind && snapshot.exists()) matches.push(matchOf(kind, snapshot.id, snapshot.data()));
          });
        }
        if (matches.length === 0) {
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
