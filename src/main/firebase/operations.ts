import { doc, type DocumentReference, type Firestore, type Transaction } from 'firebase/firestore';
import { readDoc } from './reads';
import { alreadyTaken, type Operation } from '../../core/operations';
import { AppError } from '../../shared/result';

/** An operation's audit entry: the idempotency record and the audit trail are one document. */
export const operationRef = (db: Firestore, operation: Operation): DocumentReference => doc(db, 'auditLog', operation.id);

const answerOf = <T>(data: Record<string, unknown>, operation: Operation): { answer: T } => {
  if (data.fingerprint !== operation.fingerprint) throw new AppError('CONFLICT', alreadyTaken(data.summary));
  return { answer: data.answer as T };
};

/**
 * Read first in every write transaction: once the operation's entry exists the transaction
 * writes nothing and answers what the first run answered (CONFLICT for another request).
 */
export async function replayIn<T>(tx: Transaction, db: Firestore, operation: Operation): Promise<{ answer: T } | null> {
  const stored = await tx.get(operationRef(db, operation));
  return stored.exists() ? answerOf<T>(stored.data(), operation) : null;
}

export async function replayOutside<T>(db: Firestore, operation: Operation): Promise<{ answer: T } | null> {
  const stored = await readDoc(operationRef(db, operation));
  return stored.exists() ? answerOf<T>(stored.data(), operation) : null;
}
