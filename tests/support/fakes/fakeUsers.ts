// An in-memory UserStore: sign-in accounts, `users` documents, open requests and the audit log, with failures on demand.
import {
  NOTHING_HELD,
  UserStoreError,
  type ActiveInvestments,
  type ArchivedUser,
  type DeletionAuditEntry,
  type UserAccount,
  type UserStore,
  type OpenRequests
} from '../../../server/users';

type Method =
  | 'findAccount'
  | 'findDocument'
  | 'openRequests'
  | 'activeInvestments'
  | 'findAudit'
  | 'setAccountDisabled'
  | 'deleteAccount'
  | 'deleteDocument'
  | 'setSuspension';

export interface FakeUserStore extends UserStore {
  accounts: Map<string, UserAccount>;
  documents: Map<string, Record<string, unknown>>;
  /** Open deposits and withdrawals by customer id (none when absent). */
  open: Map<string, OpenRequests>;
  /** Active investments and compound investments by customer id (none when absent). */
  active: Map<string, ActiveInvestments>;
  auditLog: DeletionAuditEntry[];
  /** Deleted customers kept on record (archivedUsers/{id}). */
  archives: Map<string, ArchivedUser>;
  /** The audit entries at a given id (auditLog/{Idempotency-Key}), including other actions' entries a test puts there. */
  auditById: Map<string, Record<string, unknown>>;
  /** Every call, in order, as 'method:id' ('setAccountDisabled:id:true'). */
  calls: string[];
  /** Make one method reject with this message (as Firebase would). */
  failures: Partial<Record<Method, string>>;
  /** Runs inside deleteDocument's transaction, before it reads: money or a request arriving at the last moment. */
  beforeFinalCheck?: (id: string) => void;
}

export function fakeUserStore(): FakeUserStore {
  const fail = (method: Method) => {
    if (store.failures[method]) throw new UserStoreError(store.failures[method]);
  };
  const store: FakeUserStore = {
    accounts: new Map(),
    documents: new Map(),
    open: new Map(),
    active: new Map(),
    auditLog: [],
    archives: new Map(),
    auditById: new Map(),
    calls: [],
    failures: {},
    async findAccount(id) {
      store.calls.push(`findAccount:${id}`);
      fail('findAccount');
      return store.accounts.get(id) ?? null;
    },
    async findDocument(id) {
      store.calls.push(`findDocument:${id}`);
      fail('findDocument');
      return store.documents.get(id) ?? null;
    },
    async openRequests(id) {
      store.calls.push(`openRequests:${id}`);
      fail('openRequests');
      return store.open.get(id) ?? { deposits: 0, withdrawals: 0 };
    },
    async activeInvestments(id) {
      fail('activeInvestments');
      return store.active.get(id) ?? NOTHING_HELD;
    },
    async findAudit(auditId) {
      store.calls.push(`findAudit:${auditId}`);
      fail('findAudit');
      return store.auditById.get(auditId) ?? null;
    },
    async setAccountDisabled(id, disabled) {
      store.calls.push(`setAccountDisabled:${id}:${disabled}`);
      fail('setAccountDisabled');
      const account = store.accounts.get(id);
      if (!account) return false;
      store.accounts.set(id, { ...account, disabled });
      return true;
    },
    async deleteAccount(id) {
      store.calls.push(`deleteAccount:${id}`);
      fail('deleteAccount');
      return store.accounts.delete(id);
    },
    async deleteDocument(id, auditId, decide) {
      store.calls.push(`deleteDocument:${id}`);
      fail('deleteDocument');
      const previous = auditId === null ? undefined : store.auditById.get(auditId);
      if (previous) return { kind: 'replayed', entry: previous };
      store.beforeFinalCheck?.(id);
      const now = {
        data: store.documents.get(id) ?? null,
        open: store.open.get(id) ?? { deposits: 0, withdrawals: 0 },
        active: store.active.get(id) ?? NOTHING_HELD
      };
      const decision = decide(now);
      if ('gone' in decision) return { kind: 'gone' };
      if ('refuse' in decision) return { kind: 'refused', now };
      store.documents.delete(id);
      if (decision.archive) store.archives.set(id, decision.archive);
      store.auditLog.push(decision.write);
      if (auditId !== null) store.auditById.set(auditId, decision.write);
      return { kind: 'deleted', entry: decision.write };
    },
    async setSuspension(id, auditId, decide) {
      store.calls.push(`setSuspension:${id}`);
      fail('setSuspension');
      const previous = auditId === null ? undefined : store.auditById.get(auditId);
      if (previous) return { kind: 'replayed', entry: previous };
      const decision = decide(store.documents.get(id) ?? null);
      if ('gone' in decision) return { kind: 'gone' };
      if ('refuse' in decision) return { kind: 'refused', message: decision.refuse };
      const { suspended, reason, adminEmail } = decision.change;
      const document = { ...store.documents.get(id) };
      if (suspended) Object.assign(document, { suspended: true, suspension: { reason, adminEmail, at: 'server time' } });
      else {
        document.suspended = false;
        delete document.suspension;
      }
      store.documents.set(id, document);
      store.auditLog.push(decision.write as unknown as DeletionAuditEntry);
      if (auditId !== null) store.auditById.set(auditId, decision.write);
      return { kind: 'written', entry: decision.write };
    }
  };
  return store;
}
