import type { Administrator } from '../../shared/contract';
import type { Changeset, DocSnapshot } from '../../shared/domain/changeset';
import type { QueryShape } from '../../shared/queries/shape';
import type { Result } from '../../shared/result';
import type { Operation } from '../operations';

/**
 * The transactional store the write use-cases commit through (src/main/firebase/ledgerStore.ts);
 * the rules themselves stay pure in src/shared/domain.
 */

/** Reads inside one transaction: every document read here is re-checked when it commits. */
export interface TransactionReader {
  /** 'users/abc' -> the document, or null when it does not exist (or the path is not a document). */
  get(path: string): Promise<DocSnapshot | null>;
  /** The first document whose field equals value, read inside the transaction. */
  findOne(collection: string, field: string, value: string): Promise<DocSnapshot | null>;
  /**
   * Up to max documents whose field equals value, each read inside the transaction (so the commit
   * fails if one changes meanwhile); fewer than max means these are all of them.
   */
  findAll(collection: string, field: string, value: string, max: number): Promise<DocSnapshot[]>;
  /**
   * Up to max documents of a small collection (the investment plans), each read inside the
   * transaction like findAll's; fewer than max means these are all of them.
   */
  listAll(collection: string, max: number): Promise<DocSnapshot[]>;
  /**
   * Up to max documents of a declared shape (src/shared/queries), in its order, from `from` on its
   * range field when given: inside a transaction the query finds the ids and each document is read
   * inside it, like findAll's (a customer's withdrawals of the last 24 hours, which dual control sums).
   */
  find(shape: QueryShape, equal: Record<string, unknown>, max: number, from?: unknown): Promise<DocSnapshot[]>;
}

/**
 * Queries of a declared shape (src/shared/queries), outside any transaction: the risk panels'
 * facts, which a decision shows but does not depend on.
 */
export interface ShapedReader {
  /** Up to max documents of the shape whose equality fields have these values, in the shape's order, from `from` on its range field when given. */
  find(shape: QueryShape, equal: Record<string, unknown>, max: number, from?: unknown): Promise<DocSnapshot[]>;
  /**
   * How many documents of the shape (having its order field) match, below `below` on its range
   * field when given: one count aggregation, one document read per 1,000 counted.
   */
  count(shape: QueryShape, equal: Record<string, unknown>, below?: unknown): Promise<number>;
}

/** What a preview or a risk panel reads with: documents and queries, straight from the server. */
export type InspectReader = TransactionReader & ShapedReader;

/** What a committed (or replayed) operation answers; `changeset` is null on a replay. */
export interface Committed<T> {
  answer: T;
  changeset: Changeset | null;
}

/** One administrator write as the store commits it. */
export interface Transaction<T> {
  /** The administrator's action: its audit entry is written at auditLog/{operation.id}. */
  operation: Operation;
  /** Who makes it: named on the audit entry. */
  actor: Administrator;
  /** Reads what the rule needs inside the transaction and lets it decide; an error writes nothing. */
  decide: (read: TransactionReader) => Promise<Result<Changeset>>;
  /** What the screen is told, stored on the audit entry so a replay answers the same. */
  answer: (changeset: Changeset) => T;
}

export interface LedgerStore {
  /**
   * Runs decide() inside one transaction and commits its changeset with the audit entry (at
   * auditLog/{operation.id}, holding `answer(changeset)`) and the queued e-mails, or writes nothing
   * when it answers an error (thrown as AppError). The transaction reads the audit entry first:
   * when the operation already committed, nothing is written and the stored answer comes back,
   * so a retry, a double click or a re-run of a commit whose reply was lost applies once.
   */
  transact<T>(write: Transaction<T>): Promise<Committed<T>>;
  /**
   * Runs look() on reads made outside any transaction, straight from the server: for previews,
   * which write nothing and must not hold up anyone's commit. Same reads as inside a transaction.
   */
  inspect<T>(look: (read: InspectReader) => Promise<T>): Promise<T>;
  /** The stored answer of an operation that already committed, or null (for writes made outside Firestore). */
  previousAnswer<T>(operation: Operation): Promise<T | null>;
}
