import {
  collection,
  doc,
  getDocs,
  limit,
  query,
  runTransaction,
  where,
  type DocumentReference,
  type Firestore,
  type Transaction
} from 'firebase/firestore';
import { AppError } from '../../shared/result';
import type { LedgerStore, StoredDoc, TransactionReader } from '../app/ports';
import { mapFirebaseErrors } from './errors';
import { auditRecord, outboxRecord } from './records';

/** Transactions re-run on contention; enough attempts that 20 simultaneous clicks all get an answer. */
const MAX_ATTEMPTS = 25;

const docRef = (db: Firestore, path: string): DocumentReference | null => {
  const parts = path.split('/');
  return parts.length === 2 && parts.every((p) => p.length > 0) ? doc(db, parts[0]!, parts[1]!) : null;
};

function reader(db: Firestore, tx: Transaction): TransactionReader {
  const get = async (path: string): Promise<StoredDoc | null> => {
    const ref = docRef(db, path);
    if (!ref) return null;
    const snapshot = await tx.get(ref);
    return snapshot.exists() ? { id: snapshot.id, data: snapshot.data() } : null;
  };
  return {
    get,
    async findOne(name, field, value) {
      // Transactions cannot run queries: find the id outside, then read the document inside, and
      // check it still matches, so the commit fails if someone changed it meanwhile.
      const found = await getDocs(query(collection(db, name), where(field, '==', value), limit(1)));
      const first = found.docs[0];
      if (!first) return null;
      const current = await get(`${name}/${first.id}`);
      return current && current.data[field] === value ? current : null;
    }
  };
}

/**
 * Commits a status decision in ONE transaction: the field changes, one audit entry and the
 * e-mails in the outbox. A double click, a second window or a retry re-reads the record, and the
 * rule refuses the second change, so money moves once.
 */
export function firestoreLedgerStore(db: Firestore): LedgerStore {
  return {
    transact: (decide, actor) =>
      mapFirebaseErrors(() =>
        runTransaction(
          db,
          async (tx) => {
            const decision = await decide(reader(db, tx));
            if (!decision.ok) throw new AppError(decision.error.code, decision.error.message);
            const changeset = decision.value;
            for (const change of changeset.changes) {
              const ref = docRef(db, change.path);
              if (!ref) throw new AppError('INTERNAL', `Not a document path: ${change.path}`);
              if (change.replace) tx.set(ref, change.set);
              else tx.update(ref, change.set);
            }
            const audit = doc(collection(db, 'auditLog'));
            tx.set(audit, auditRecord(changeset.audit, actor));
            for (const email of changeset.emails) tx.set(doc(collection(db, 'mailOutbox')), outboxRecord(email, audit.id));
            return changeset;
          },
          { maxAttempts: MAX_ATTEMPTS }
        )
      )
  };
}
