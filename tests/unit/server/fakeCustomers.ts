// An in-memory CustomerStore: sign-in accounts, `users` documents, pending requests and the audit log, with failures on demand.
import { CustomerStoreError, type AuditEntry, type CustomerAccount, type CustomerStore, type PendingRequests } from '../../../server/customers';

export interface FakeCustomerStore extends CustomerStore {
  accounts: Map<string, CustomerAccount>;
  documents: Map<string, Record<string, unknown>>;
  /** Pending deposits and withdrawals by customer id (none when absent). */
  pending: Map<string, PendingRequests>;
  auditLog: AuditEntry[];
  /** The audit entries written at a given id (auditLog/{Idempotency-Key}). */
  auditById: Map<string, AuditEntry>;
  /** Every call, in order, as 'method:id'. */
  calls: string[];
  /** Make one method reject with this message (as Firebase would). */
  failures: Partial<Record<'findAccount' | 'findDocument' | 'pendingRequests' | 'deleteAccount' | 'deleteDocument', string>>;
}

export function fakeCustomerStore(): FakeCustomerStore {
  const store: FakeCustomerStore = {
    accounts: new Map(),
    documents: new Map(),
    pending: new Map(),
    auditLog: [],
    auditById: new Map(),
    calls: [],
    failures: {},
    async findAccount(id) {
      store.calls.push(`findAccount:${id}`);
      if (store.failures.findAccount) throw new CustomerStoreError(store.failures.findAccount);
      return store.accounts.get(id) ?? null;
    },
    async findDocument(id) {
      store.calls.push(`findDocument:${id}`);
      if (store.failures.findDocument) throw new CustomerStoreError(store.failures.findDocument);
      return store.documents.get(id) ?? null;
    },
    async pendingRequests(id) {
      store.calls.push(`pendingRequests:${id}`);
      if (store.failures.pendingRequests) throw new CustomerStoreError(store.failures.pendingRequests);
      return store.pending.get(id) ?? { deposits: 0, withdrawals: 0 };
    },
    async deleteAccount(id) {
      store.calls.push(`deleteAccount:${id}`);
      if (store.failures.deleteAccount) throw new CustomerStoreError(store.failures.deleteAccount);
      return store.accounts.delete(id);
    },
    async deleteDocument(id, audit, auditId) {
      store.calls.push(`deleteDocument:${id}`);
      if (store.failures.deleteDocument) throw new CustomerStoreError(store.failures.deleteDocument);
      const previous = auditId === null ? undefined : store.auditById.get(auditId);
      if (previous) return previous;
      const entry = audit(store.documents.get(id) ?? null);
      if (entry === null) return null;
      store.documents.delete(id);
      store.auditLog.push(entry);
      if (auditId !== null) store.auditById.set(auditId, entry);
      return entry;
    }
  };
  return store;
}
