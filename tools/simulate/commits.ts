// Ledgerdesk's commits to customers, one by one. Firestore fires one event per write; the harness
// sees the customers only between operations, where two commits on one customer (a bulk decision,
// two deciders at once) would look like one write. So the desktops' ledger store is wrapped here and
// each committed transaction's customers are kept as they were read inside it (what the commit found,
// or it would not have committed) and as the changeset left them.
import type { DocumentData } from 'firebase-admin/firestore';
import type { DocSnapshot } from '../../src/shared/domain/changeset';
import type { LedgerStore, Transaction, TransactionReader } from '../../src/core/ports/ledgerStore';

export interface CustomerCommit {
  userId: string;
  operationId: string;
  /** Who committed it, as Firestore's auth context names the signed-in administrator. */
  adminUid: string;
  before: DocumentData;
  after: DocumentData;
}

export class CommitRecorder {
  private commits: CustomerCommit[] = [];

  /** The commits since the last call, in the order they answered. */
  take(): CustomerCommit[] {
    return this.commits.splice(0);
  }

  wrap(inner: LedgerStore): LedgerStore {
    return {
      ...inner,
      transact: async <T>(transaction: Transaction<T>) => {
        let read = new Map<string, DocumentData>();
        const committed = await inner.transact({
          ...transaction,
          decide: async (reader) => {
            // Each attempt of the transaction reads afresh; the last one is the one that committed.
            read = new Map();
            return transaction.decide(remembering(reader, read));
          }
        });
        for (const change of committed.changeset?.changes ?? []) {
          const before = read.get(change.path);
          if (!change.path.startsWith('users/') || change.path.split('/').length !== 2 || !before || !change.set) continue;
          this.commits.push({
            userId: change.path.slice('users/'.length),
            operationId: transaction.operation.id,
            adminUid: transaction.actor.uid,
            before,
            after: { ...(change.replace ? {} : before), ...change.set, lastAuditId: transaction.operation.id }
          });
        }
        return committed;
      }
    };
  }
}

/** The reader, keeping every customer document it read (by path, or found by a query: a referrer by their referral id). */
function remembering(reader: TransactionReader, read: Map<string, DocumentData>): TransactionReader {
  const keep = (collection: string, doc: DocSnapshot | null) => {
    if (doc) read.set(`${collection}/${doc.id}`, doc.data);
    return doc;
  };
  return {
    get: async (path) => keep(path.slice(0, path.lastIndexOf('/')), await reader.get(path)),
    findOne: async (collection, field, value) => keep(collection, await reader.findOne(collection, field, value)),
    findAll: async (collection, field, value, max) => (await reader.findAll(collection, field, value, max)).map((doc) => keep(collection, doc)!),
    listAll: async (collection, max) => (await reader.listAll(collection, max)).map((doc) => keep(collection, doc)!),
    find: async (shape, equal, max, from) => (await reader.find(shape, equal, max, from)).map((doc) => keep(shape.collection, doc)!)
  };
}
