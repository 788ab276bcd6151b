import {
  collection,
  serverTimestamp,
  doc,
  limit,
  orderBy,
  query,
  runTransaction,
  where,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
  type Firestore,
  type Transaction,
  type TransactionOptions
} from 'firebase/firestore';
import { readDoc, readDocs } from './reads';
import { AppError } from '../../shared/result';
import { id as documentId } from '../../shared/schemas/common';
import type { Changeset, DocSnapshot } from '../../shared/domain/changeset';
import type { QueryShape } from '../../shared/queries/shape';
import type { InspectReader, LedgerStore, ShapedReader, TransactionReader } from '../../core/ports/ledgerStore';
import { countOf } from './counting';
import { mapFirebaseErrors } from './errors';
import type { Operation } from '../../core/operations';
import { operationRef, replayIn, replayOutside } from './operations';
import { readAuditChain, retryingStaleHead } from './auditChain';
import { auditRecord, LAST_AUDIT_ID, outboxRecord } from './records';
import { dataFromFirestore, toFirestore } from './storedValues';

/** Transactions re-run on contention; enough attempts that 20 simultaneous clicks all get an answer. */
const MAX_ATTEMPTS = 25;

/** 'users/abc', or one level down for a customer's notes ('users/abc/notes/<operationId>'). */
const docRef = (db: Firestore, path: string): DocumentReference | null => {
  const parts = path.split('/');
  return (parts.length === 2 || parts.length === 4) && parts.every((p) => p.length > 0) ? doc(db, path) : null;
};

/** How a reader loads one document and runs one query: inside a transaction, or straight from the server. */
interface Loader {
  load(ref: DocumentReference): Promise<DocumentSnapshot>;
  find(q: Query): Promise<QuerySnapshot>;
}

const inTransaction = (tx: Transaction): Loader => ({ load: (ref) => tx.get(ref), find: (q) => readDocs(q) });
const fromServer: Loader = { load: (ref) => readDoc(ref), find: (q) => readDocs(q) };

/** A declared shape's query: its equality fields, its range from `from` on when given, its order, at most max. */
function shapedQuery(db: Firestore, shape: QueryShape, equal: Record<string, unknown>, max: number, from?: unknown): Query {
  const missing = shape.equality.find((field) => !(field in equal));
  if (missing) throw new AppError('INTERNAL', `The ${shape.collection} query needs a value for ${missing}.`);
  // A value the rules read (a Timestamp, tagged) goes back to Firestore's own class in a query.
  const filters = shape.equality.map((field) => where(field, '==', toFirestore(db, equal[field])));
  const range = shape.range && from !== undefined ? [where(shape.range, '>=', toFirestore(db, from))] : [];
  return query(collection(db, shape.collection), ...filters, ...range, orderBy(shape.order.field, shape.order.direction), limit(max));
}

function reader(db: Firestore, loader: Loader): TransactionReader {
  const get = async (path: string): Promise<DocSnapshot | null> => {
    const ref = docRef(db, path);
    // The id part must be one document id (no '..', no __reserved__, at most 1,500 bytes), never a path.
    if (!ref || !documentId.safeParse(ref.id).success) return null;
    const snapshot = await loader.load(ref);
    return snapshot.exists() ? { id: snapshot.id, data: dataFromFirestore(snapshot.data()) } : null;
  };
  return {
    get,
    async findOne(name, field, value) {
      // Transactions cannot run queries: find the id outside, then read the document inside, and
      // check it still matches, so the commit fails if someone changed it meanwhile.
      const found = await loader.find(query(collection(db, name), where(field, '==', value), limit(1)));
      const first = found.docs[0];
      if (!first) return null;
      const current = await get(`${name}/${first.id}`);
      return current && current.data[field] === value ? current : null;
    },
    async findAll(name, field, value, max) {
      // Same as findOne: ids found outside, each document read and re-checked inside.
      const found = await loader.find(query(collection(db, name), where(field, '==', value), limit(max)));
      const current = await Promise.all(found.docs.map((d) => get(`${name}/${d.id}`)));
      return current.filter((c): c is DocSnapshot => c !== null && c.data[field] === value);
    },
    async listAll(name, max) {
      // Same as findAll: ids found outside, each document read inside (one deleted meanwhile is left out).
      const found = await loader.find(query(collection(db, name), limit(max)));
      const current = await Promise.all(found.docs.map((d) => get(`${name}/${d.id}`)));
      return current.filter((c): c is DocSnapshot => c !== null);
    },
    async find(shape, equal, max, from) {
      // Same as findAll: ids found by the shape's query outside, each document read and its equality fields re-checked inside.
      const found = await loader.find(shapedQuery(db, shape, equal, max, from));
      const current = await Promise.all(found.docs.map((d) => get(`${shape.collection}/${d.id}`)));
      const still = (c: DocSnapshot) => shape.equality.every((field) => typeof equal[field] !== 'string' || c.data[field] === equal[field]);
      return current.filter((c): c is DocSnapshot => c !== null && still(c));
    }
  };
}

/** Queries of a declared shape, straight from the server (risk panels). */
function shapedReader(db: Firestore): ShapedReader {
  const filtered = (shape: QueryShape, equal: Record<string, unknown>) => {
    const missing = shape.equality.find((field) => !(field in equal));
    if (missing) throw new AppError('INTERNAL', `The ${shape.collection} query needs a value for ${missing}.`);
    return shape.equality.map((field) => where(field, '==', toFirestore(db, equal[field])));
  };
  return {
    async find(shape, equal, max, from) {
      // The range is the shape's field from `from` on: a customer's withdrawals of the last 30 days.
      const found = await readDocs(shapedQuery(db, shape, equal, max, from));
      return found.docs.map((d) => ({ id: d.id, data: dataFromFirestore(d.data()) }));
    },
    async count(shape, equal, below) {
      // A value the rules read (a Timestamp, tagged) goes back to Firestore's own class in a query.
      const range = shape.range && below !== undefined ? [where(shape.range, '<', toFirestore(db, below))] : [];
      return countOf(query(collection(db, shape.collection), ...filtered(shape, equal), ...range, orderBy(shape.order.field, shape.order.direction)));
    }
  };
}

/**
 * Runs a commit; when the rules refuse it, first asks whether the same operation was committed
 * meanwhile. Two copies of one operation racing (a double click, two windows) both find no audit
 * entry; the first commits, and the rules refuse the second (its entry must be new) before
 * Firestore can ask it to retry. That second one answers the first's outcome, as a replay does.
 */
async function afterRefusal<T>(db: Firestore, operation: Operation, commit: () => Promise<{ answer: T; changeset: Changeset | null }>) {
  try {
    return await mapFirebaseErrors(commit);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'PERMISSION_DENIED') throw error;
    const replay = await mapFirebaseErrors(() => replayOutside<T>(db, operation));
    if (replay) return { answer: replay.answer, changeset: null };
    throw error;
  }
}

/** The SDK's runTransaction; tests pass one that re-runs the callback as a lost commit reply would. */
export type RunTransaction = <T>(db: Firestore, update: (tx: Transaction) => Promise<T>, options: TransactionOptions) => Promise<T>;

/**
 * Commits a decision in ONE transaction: the field changes, one audit entry at
 * auditLog/{operationId} and the e-mails in the outbox. Each document written names the entry
 * (`lastAuditId`; a note by its id, a queued e-mail by `auditId`) and the entry lists every path
 * written, queued e-mails included (`paths`), which is what
 * firestore.rules ask of an administrator's write: no change to the platform's records without
 * its audit entry. The entry is read first, so a double
 * click, a second window, a retry or the SDK re-running a commit whose reply was lost answers
 * the first outcome and writes nothing; a different operation re-reads the record and the rule
 * refuses a second change, so money moves once.
 */
export function firestoreLedgerStore(db: Firestore, run: RunTransaction = runTransaction): LedgerStore {
  return {
    transact: ({ operation, actor, decide, answer }) =>
      afterRefusal(db, operation, () =>
        retryingStaleHead(db, (seen) =>
          run(
            db,
            async (tx) => {
              const replay = await replayIn<ReturnType<typeof answer>>(tx, db, operation);
              if (replay) return { answer: replay.answer, changeset: null };
              const decision = await decide(reader(db, inTransaction(tx)));
              if (!decision.ok) throw new AppError(decision.error.code, decision.error.message);
              const changeset = decision.value;
              // The audit chain's head is the last read: every audited write contends on it.
              const chain = await readAuditChain(tx, db, { seen });
              for (const change of changeset.changes) {
                const ref = docRef(db, change.path);
                if (!ref) throw new AppError('INTERNAL', `Not a document path: ${change.path}`);
                const written = toFirestore(db, change.set) as Record<string, unknown>;
                // A signed document (a note) says who wrote it and when, under the entry's id; the rules refuse it otherwise, and any later change.
                if (change.create) tx.set(ref, { ...written, adminUid: actor.uid, adminEmail: actor.email, operationId: operation.id, at: serverTimestamp() });
                // Every other document written names the entry it was written with; firestore.rules refuse it otherwise.
                else if (change.replace) tx.set(ref, { ...written, [LAST_AUDIT_ID]: operation.id });
                else tx.update(ref, { ...written, [LAST_AUDIT_ID]: operation.id });
              }
              const result = answer(changeset);
              // The queued e-mails are written under the entry too, and firestore.rules ask that it lists them.
              const queued = changeset.emails.map((email) => ({ ref: doc(collection(db, 'mailOutbox')), email }));
              const paths = [...changeset.changes.map((change) => change.path), ...queued.map(({ ref }) => ref.path)];
              chain.append(operationRef(db, operation), toFirestore(db, auditRecord(changeset.audit, actor, operation, result, paths)) as DocumentData);
              for (const { ref, email } of queued) tx.set(ref, outboxRecord(email, operation.id));
              return { answer: result, changeset };
            },
            { maxAttempts: MAX_ATTEMPTS }
          )
        )
      ),
    inspect: (look) => mapFirebaseErrors(() => look({ ...reader(db, fromServer), ...shapedReader(db) } satisfies InspectReader)),
    previousAnswer: async <T>(operation: Operation) => (await mapFirebaseErrors(() => replayOutside<T>(db, operation)))?.answer ?? null
  };
}
