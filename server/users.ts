// The customer records the backend host may delete: a Firebase Auth account and a `users/{id}`
// document. Behind an interface so the route is tested with fakes; the real one is firebase-admin.
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  AggregateField,
  FieldValue,
  Timestamp,
  getFirestore,
  type AggregateQuery,
  type AggregateQuerySnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot
} from 'firebase-admin/firestore';
import type { AuditDraft } from '../src/shared/domain/changeset';
import { readAmount } from '../src/shared/domain/money';
import { roleOf } from '../src/shared/domain/roles';
import { openStatuses } from '../src/shared/domain/statuses';
import { readAuditChain } from './auditChain';
import { markApplied, readVerdict, type ApprovalVerdict, type HostApproval } from './approvals';
import { codeOf, reasonOf } from './errors';

/** A sign-in account as the route needs it. */
export interface UserAccount {
  email: string | null;
  /** A role on the account (the claim `role`, or `admin: true`): a member of the team, never deleted or suspended as a customer. */
  admin: boolean;
  /** Signing in is refused (by an administrator, or by a deletion under way). */
  disabled: boolean;
}

/** What DELETE /api/deleteUser/:id answers when it deleted; kept in the audit entry, so a repeat answers it again. */
export interface DeletionAnswer {
  ok: true;
  id: string;
  authAccountDeleted: boolean;
}

/**
 * An audit entry as the desktop app writes it (src/main/firebase/records.ts), without `at`, which
 * the store adds, plus what a deletion needs on record: the Idempotency-Key it ran under, whether
 * it was forced, the figures it was decided on, and its answer.
 */
export type DeletionAuditEntry = Omit<AuditDraft, 'kind'> & {
  kind: 'user';
  adminUid: string;
  adminEmail: string | null;
  operationId: string | null;
  force: boolean;
  openDeposits: number;
  openWithdrawals: number;
  activeInvestments: number;
  activeCompoundInvestments: number;
  answer: DeletionAnswer;
};

/**
 * A customer's requests whose status can still change (linked by `userId`): deposits pending,
 * failed or with no status, withdrawals pending or with no status (openStatuses in
 * src/shared/domain/statuses.ts).
 */
export interface OpenRequests {
  deposits: number;
  withdrawals: number;
}

/** Investments of one kind a customer still holds: how many, their amounts summed in cents, and how many amounts could not be read. */
export interface Held {
  count: number;
  cents: number;
  unreadable: number;
}

/**
 * The customer's active investments and active compound investments: theirs by `userId`, and by
 * `email` where a record carries no userId (compound investments carry only the e-mail).
 */
export interface ActiveInvestments {
  investments: Held;
  compound: Held;
}

export const NOTHING_HELD: ActiveInvestments = { investments: { count: 0, cents: 0, unreadable: 0 }, compound: { count: 0, cents: 0, unreadable: 0 } };

/** What the deletion's transaction read: the document (null when there is none), the open requests and the active investments. */
export interface UserNow {
  data: Record<string, unknown> | null;
  open: OpenRequests;
  active: ActiveInvestments;
}

/** What the deletion's transaction did. */
export type DeletionResult =
  | { kind: 'deleted'; entry: DeletionAuditEntry }
  /** auditLog/{auditId} already existed: nothing written; the entry may be another action's. */
  | { kind: 'replayed'; entry: Record<string, unknown> }
  /** The final check refused: nothing written. */
  | { kind: 'refused'; now: UserNow }
  /** Nothing left to delete (someone else deleted it meanwhile): nothing written. */
  | { kind: 'gone' }
  /** Dual control refused the deletion (server/approvals.ts): nothing written. */
  | { kind: 'unapproved'; refusal: { status: number; body: { error: string; code?: string } } };

/**
 * A deleted customer kept on record at `archivedUsers/{id}` (docs/product-rules.md §6.6): the
 * whole document as it was (KYC and its image URLs included, never a `password` field), why and
 * by whom it was deleted, and until when it must be kept. `deletedAt` is the store's server time.
 */
export interface ArchivedUser {
  id: string;
  user: Record<string, unknown>;
  /** Searchable copies: the e-mail as stored and lower-cased, the name. */
  email: string | null;
  emailLower: string | null;
  fullname: string | null;
  reason: string;
  adminUid: string;
  adminEmail: string | null;
  operationId: string | null;
  /** Deleted with force while the customer still held money or had open requests. */
  force: boolean;
  retainUntil: Date;
  /** The document carried a `password` field, which is not kept. */
  hadPasswordField: boolean;
}

/** The deletion's decision on what the transaction read: the entry to write (and the archive to keep), a refusal, or nothing to do. */
export type DeletionDecision = { write: DeletionAuditEntry; archive: ArchivedUser | null } | { refuse: true } | { gone: true };

/** A failure of Firebase itself (network, permissions, quota); the message is Firebase's own. */
export class UserStoreError extends Error {}

export interface UserStore {
  /** The sign-in account, or null when there is none. */
  findAccount(id: string): Promise<UserAccount | null>;
  /** The `users/{id}` document's fields, or null when there is no such document. */
  findDocument(id: string): Promise<Record<string, unknown> | null>;
  /** Counts (aggregation queries, no documents read) of the customer's open deposits and withdrawals. */
  openRequests(id: string): Promise<OpenRequests>;
  /** The customer's active investments and compound investments (by userId, and by `email` where a record has no userId), read and summed. */
  activeInvestments(id: string, email: string | null): Promise<ActiveInvestments>;
  /** The entry stored at auditLog/{auditId}, or null: whose action an Idempotency-Key already names. */
  findAudit(auditId: string): Promise<Record<string, unknown> | null>;
  /** Refuses (true) or allows again (false) signing in, and with true ends the account's sessions; false when there is no account. */
  setAccountDisabled(id: string, disabled: boolean): Promise<boolean>;
  /** Deletes the sign-in account: true when it did, false when there was none (already deleted). */
  deleteAccount(id: string): Promise<boolean>;
  /**
   * In one transaction: reads `auditLog/{auditId}` when an id is given and, when that entry exists,
   * writes nothing and answers it (replayed). Otherwise re-reads `users/{id}`, counts the open
   * requests and reads the active investments again (by the document's e-mail), and asks `decide`: for `write`, deletes the document, keeps `archive` at
   * `archivedUsers/{id}` (a customer archived before under the same id stays inside it, under
   * `earlier`) and adds the entry to `auditLog` (at `auditId`, or a new id; both with a server
   * timestamp); for a refusal or nothing to delete, writes nothing.
   */
  deleteDocument(id: string, auditId: string | null, decide: (now: UserNow) => DeletionDecision, approval?: HostApproval): Promise<DeletionResult>;
  /**
   * Dual control's first look (server/approvals.ts), before anything is touched: the policy and the
   * request as they are now. `deleteDocument` checks them again with `approval` in its transaction,
   * and marks the request applied there. Absent (a fake store), the policy is not read.
   */
  approvalVerdict?(approval: HostApproval): Promise<ApprovalVerdict>;
  /**
   * Suspension (server/routes/suspendUser.ts), in one transaction: reads `auditLog/{auditId}` and,
   * when that entry exists, writes nothing and answers it (replayed). Otherwise re-reads
   * `users/{id}` and asks `decide`: for `write`, sets `suspended` (with `suspension`: the reason,
   * who, and a server timestamp `at`; cleared when lifting it) and creates the audit entry; for a
   * refusal or a missing customer, writes nothing.
   */
  setSuspension(id: string, auditId: string | null, decide: (data: Record<string, unknown> | null) => SuspensionDecision): Promise<SuspensionResult>;
}

/** What POST /api/suspendUser/:id (or unsuspendUser) answers when it did it; kept in the audit entry, so a repeat answers it again. */
export interface SuspensionAnswer {
  ok: true;
  id: string;
  suspended: boolean;
  signInAccount: boolean;
}

/** A suspension's audit entry, shaped like the desktop app's (`userIds` puts it on the customer's audit tab). */
export type SuspensionEntry = Omit<AuditDraft, 'kind'> & {
  kind: 'user';
  adminUid: string;
  adminEmail: string | null;
  operationId: string | null;
  userIds: string[];
  answer: SuspensionAnswer;
};

/** The document's new state: suspended with why and by whom (the store adds the time), or not suspended. */
export interface SuspensionChange {
  suspended: boolean;
  reason: string;
  adminUid: string;
  adminEmail: string | null;
  operationId: string | null;
}

export type SuspensionDecision = { write: SuspensionEntry; change: SuspensionChange } | { refuse: string } | { gone: true };

export type SuspensionResult =
  { kind: 'written'; entry: SuspensionEntry } | { kind: 'replayed'; entry: Record<string, unknown> } | { kind: 'refused'; message: string } | { kind: 'gone' };

const USER_NOT_FOUND = 'auth/user-not-found';

const storeError = (what: string, err: unknown) => new UserStoreError(`${what}: ${reasonOf(err, 300)}`);

/**
 * The real store, on the host's firebase-admin app. Honours FIREBASE_AUTH_EMULATOR_HOST and
 * FIRESTORE_EMULATOR_HOST, as firebase-admin always does.
 */
export function createFirebaseUserStore(app: App): UserStore {
  const auth = getAuth(app);
  const db = getFirestore(app);
  const userDoc = (id: string) => db.collection('users').doc(id);
  const archiveDoc = (id: string) => db.collection('archivedUsers').doc(id);

  return {
    async findAccount(id) {
      try {
        const user = await auth.getUser(id);
        return { email: user.email ?? null, admin: roleOf(user.customClaims ?? {}) !== null, disabled: user.disabled };
      } catch (err) {
        if (codeOf(err) === USER_NOT_FOUND) return null;
        throw storeError('Firebase Auth could not look up the account', err);
      }
    },

    async findDocument(id) {
      try {
        const snapshot = await userDoc(id).get();
        return snapshot.exists ? (snapshot.data() ?? {}) : null;
      } catch (err) {
        throw storeError('Firestore could not read the customer', err);
      }
    },

    async openRequests(id) {
      try {
        return await countOpen(db, id, (query) => query.get());
      } catch (err) {
        throw storeError("Firestore could not count the customer's open requests", err);
      }
    },

    async activeInvestments(id, email) {
      try {
        return await readActive(db, id, email, (query) => query.get());
      } catch (err) {
        throw storeError("Firestore could not read the customer's active investments", err);
      }
    },

    async findAudit(auditId) {
      try {
        const snapshot = await db.collection('auditLog').doc(auditId).get();
        return snapshot.exists ? (snapshot.data() ?? {}) : null;
      } catch (err) {
        throw storeError('Firestore could not read the audit log', err);
      }
    },

    async setAccountDisabled(id, disabled) {
      try {
        await auth.updateUser(id, { disabled });
        if (disabled) await auth.revokeRefreshTokens(id);
        return true;
      } catch (err) {
        if (codeOf(err) === USER_NOT_FOUND) return false;
        throw storeError(`Firebase Auth did not ${disabled ? 'disable' : 'enable'} the sign-in account`, err);
      }
    },

    async deleteAccount(id) {
      try {
        await auth.deleteUser(id);
        return true;
      } catch (err) {
        if (codeOf(err) === USER_NOT_FOUND) return false;
        throw storeError('Firebase Auth did not delete the sign-in account', err);
      }
    },

    async setSuspension(id, auditId, decide) {
      const auditDoc = auditId === null ? db.collection('auditLog').doc() : db.collection('auditLog').doc(auditId);
      try {
        return await db.runTransaction(async (tx): Promise<SuspensionResult> => {
          const previous = auditId === null ? null : await tx.get(auditDoc);
          if (previous?.exists) return { kind: 'replayed', entry: previous.data() ?? {} };
          const snapshot = await tx.get(userDoc(id));
          const decision = decide(snapshot.exists ? (snapshot.data() ?? {}) : null);
          if ('gone' in decision) return { kind: 'gone' };
          if ('refuse' in decision) return { kind: 'refused', message: decision.refuse };
          // The audit chain's head is the last read: every audited write contends on it.
          const chain = await readAuditChain(tx, db);
          const { suspended, reason, adminUid, adminEmail, operationId } = decision.change;
          tx.update(
            userDoc(id),
            suspended
              ? { suspended: true, suspension: { reason, adminUid, adminEmail, operationId, at: FieldValue.serverTimestamp() } }
              : { suspended: false, suspension: FieldValue.delete() }
          );
          chain.append(auditDoc, decision.write);
          return { kind: 'written', entry: decision.write };
        });
      } catch (err) {
        throw storeError('Firestore did not record the suspension', err);
      }
    },

    approvalVerdict: (approval) => readVerdict(db, (ref) => ref.get(), approval),

    async deleteDocument(id, auditId, decide, approval) {
      const auditDoc = auditId === null ? db.collection('auditLog').doc() : db.collection('auditLog').doc(auditId);
      try {
        return await db.runTransaction(async (tx): Promise<DeletionResult> => {
          // Reads come first in a transaction: the replay check, then the customer and their open requests.
          const previous = auditId === null ? null : await tx.get(auditDoc);
          if (previous?.exists) return { kind: 'replayed', entry: previous.data() ?? {} };
          const snapshot = await tx.get(userDoc(id));
          const archived = await tx.get(archiveDoc(id));
          const open = await countOpen(db, id, (query) => tx.get(query));
          const data = snapshot.exists ? (snapshot.data() ?? {}) : null;
          const active = await readActive(db, id, emailOf(data), (query) => tx.get(query));
          // Dual control: the policy and the request read in this transaction, so a request closed meanwhile applies nothing.
          const verdict = approval ? await readVerdict(db, (ref) => tx.get(ref), approval) : { apply: null };
          if ('refuse' in verdict) return { kind: 'unapproved', refusal: verdict.refuse };
          const now: UserNow = { data, open, active };
          const decision = decide(now);
          if ('gone' in decision) return { kind: 'gone' };
          if ('refuse' in decision) return { kind: 'refused', now };
          // The audit chain's head is the last read: every audited write contends on it.
          const chain = await readAuditChain(tx, db);
          tx.delete(userDoc(id));
          if (decision.archive) {
            const { retainUntil, ...kept } = decision.archive;
            const earlier = archived.exists ? [...((archived.get('earlier') as unknown[] | undefined) ?? []), withoutEarlier(archived.data())] : [];
            tx.set(archiveDoc(id), {
              ...kept,
              retainUntil: Timestamp.fromDate(retainUntil),
              deletedAt: FieldValue.serverTimestamp(),
              ...(earlier.length > 0 ? { earlier } : {})
            });
          }
          if (verdict.apply !== null && approval) markApplied(tx, db, verdict.apply, approval.caller);
          chain.append(auditDoc, decision.write);
          return { kind: 'deleted', entry: decision.write };
        });
      } catch (err) {
        throw storeError('Firestore did not delete the customer', err);
      }
    }
  };
}

/** An earlier archive of the same id, kept inside the new one without its own earlier ones (they are listed beside it). */
const withoutEarlier = (data: Record<string, unknown> | undefined): Record<string, unknown> => {
  const { earlier: _earlier, ...rest } = data ?? {};
  return rest;
};

type Count = (query: AggregateQuery<{ n: AggregateField<number> }>) => Promise<AggregateQuerySnapshot<{ n: AggregateField<number> }>>;

/**
 * A customer's open requests, by aggregation counts only: the open statuses and '' (one `in`),
 * null, and the records with no status field at all (all of theirs minus those that have one:
 * ordering by a field leaves out the documents that lack it).
 */
async function countOpen(db: Firestore, id: string, count: Count): Promise<OpenRequests> {
  const n = async (query: Query) => (await count(query.aggregate({ n: AggregateField.count() }))).data().n;
  const openIn = async (collection: 'deposits' | 'withdrawals') => {
    const theirs = db.collection(collection).where('userId', '==', id);
    const [listed, nulls, all, withStatus] = await Promise.all([
      n(theirs.where('status', 'in', [...openStatuses[collection], ''])),
      n(theirs.where('status', '==', null)),
      n(theirs),
      n(theirs.orderBy('status'))
    ]);
    return listed + nulls + (all - withStatus);
  };
  const [deposits, withdrawals] = await Promise.all([openIn('deposits'), openIn('withdrawals')]);
  return { deposits, withdrawals };
}

/** The e-mail a customer's records may carry instead of their id: the document's `email`, or null. */
export const emailOf = (data: Record<string, unknown> | null): string | null =>
  typeof data?.email === 'string' && data.email.trim() ? data.email.trim() : null;

/** Stored spellings of one address a record may carry: as the customer's document has it, trimmed, lower case. */
const spellings = (email: string): string[] => [...new Set([email, email.trim(), email.trim().toLowerCase()])];

/**
 * A customer's active investments and compound investments, read (a customer's are few) so text
 * amounts count as approval reads them: by `userId`, and by `email` for records without a userId.
 */
async function readActive(db: Firestore, id: string, email: string | null, get: (query: Query) => Promise<QuerySnapshot>): Promise<ActiveInvestments> {
  const heldIn = async (collection: 'investments' | 'compoundInvest'): Promise<Held> => {
    const active = db.collection(collection).where('status', '==', 'active');
    const [byId, byEmail] = await Promise.all([get(active.where('userId', '==', id)), email ? get(active.where('email', 'in', spellings(email))) : null]);
    const records = new Map(byId.docs.map((doc) => [doc.id, doc.data()]));
    for (const doc of byEmail?.docs ?? []) {
      const owner = doc.get('userId');
      if (owner === undefined || owner === null || owner === '') records.set(doc.id, doc.data());
    }
    const held: Held = { count: 0, cents: 0, unreadable: 0 };
    for (const record of records.values()) {
      const amount = readAmount(record.amount, 'amount');
      held.count += 1;
      if (amount.ok) held.cents += amount.value;
      else held.unreadable += 1;
    }
    return held;
  };
  const [investments, compound] = await Promise.all([heldIn('investments'), heldIn('compoundInvest')]);
  return { investments, compound };
}
