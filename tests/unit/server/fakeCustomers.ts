// An in-memory CustomerStore: sign-in accounts, `users` documents and the audit log, with failures on demand.
import { CustomerStoreError, type AuditEntry, type CustomerAccount, type CustomerStore } from '../../../server/customers';

export interface FakeCustomerStore extends CustomerStore {
  accounts: Map<string, CustomerAccount>;
  documents: Map<string, Record<string, unknown>>;
  auditLog: AuditEntry[];
  /** Every call, in order, as 'method:id'. */
  calls: string[];
  /** Make one method reject with this message (as Firebase would). */
  failures: Partial<Record<'findAccount' | 'findDocument' | 'deleteAccount' | 'deleteDocument', string>>;
}

export function fakeCustomerStore(): FakeCustomerStore {
  const store: FakeCustomerStore = {
    accounts: new Map(),
    documents: new Map(),
    auditLog: [],
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
    async deleteAccount(id) {
      store.calls.push(`deleteAccount:${id}`);
      if (store.failures.deleteAccount) throw new CustomerStoreError(store.failures.deleteAccount);
      return store.accounts.delete(id);
    },
    async deleteDocument(id, audit) {
      store.calls.push(`deleteDocument:${id}`);
      if (store.failures.deleteDocument) throw new CustomerStoreError(store.failures.deleteDocument);
      const entry = audit(store.documents.get(id) ?? null);
      if (entry === null) return null;
      store.documents.delete(id);
      store.auditLog.push(entry);
      return entry;
    }
  };
  return store;
}
