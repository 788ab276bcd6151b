// The customer records the backend host may delete: a Firebase Auth account and a `users/{id}`
// document. Behind an interface so the route is tested with fakes; the real one is firebase-admin.
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import type { AuditDraft } from '../src/shared/domain/changeset';
import { codeOf, reasonOf } from './errors';

/** A sign-in account as the route needs it. */
export interface CustomerAccount {
  email: string | null;
  /** The custom claim `admin: true`: such an account is an administrator and is never deleted. */
  admin: boolean;
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
export type AuditEntry = Omit<AuditDraft, 'kind'> & {
  kind: 'user';
  adminUid: string;
  adminEmail: string | null;
  operationId: string | null;
  force: boolean;
  pendingDeposits: number;
  pendingWithdrawals: number;
  answer: DeletionAnswer;
};

/** A customer's requests still waiting for a decision (status `pending`, linked by `userId`). */
export interface PendingRequests {
  deposits: number;
  withdrawals: number;
}

/** A failure of Firebase itself (network, permissions, quota); the message is Firebase's own. */
export class CustomerStoreError extends Error {}

export interface CustomerStore {
  /** The sign-in account, or null when there is none. */
  findAccount(id: string): Promise<CustomerAccount | null>;
  /** The `users/{id}` document's fields, or null when there is no such document. */
  findDocument(id: string): Promise<Record<string, unknown> | null>;
  /** Counts (aggregation queries, no documents read) of the customer's pending deposits and withdrawals. */
  pendingRequests(id: string): Promise<PendingRequests>;
  /** Deletes the sign-in account: true when it did, false when there was none (already deleted). */
  deleteAccount(id: string): Promise<boolean>;
  /**
   * In one transaction: reads `auditLog/{auditId}` when an id is given and, when that entry exists
   * (this deletion already happened), writes nothing and resolves with it. Otherwise re-reads
   * `users/{id}`, asks `audit` for the entry that describes what is deleted, then deletes the
   * document and adds the entry to `auditLog` (at `auditId`, or a new id; with a server
   * timestamp). When `audit` answers null nothing is written. Resolves with the entry.
   */
  deleteDocument(
    id: string,
    audit: (data: Record<string, unknown> | null) => AuditEntry | null,
    auditId: string | null
  ): Promise<AuditEntry | null>;
}

const USER_NOT_FOUND = 'auth/user-not-found';

const storeError = (what: string, err: unknown) => new CustomerStoreError(`${what}: ${reasonOf(err, 300)}`);

/**
 * The real store, on the host's firebase-admin app. Honours FIREBASE_AUTH_EMULATOR_HOST and
 * FIRESTORE_EMULATOR_HOST, as firebase-admin always does.
 */
export function createFirebaseCustomerStore(app: App): CustomerStore {
  const auth = getAuth(app);
  const db = getFirestore(app);
  const userDoc = (id: string) => db.collection('users').doc(id);

  return {
    async findAccount(id) {
      try {
        const user = await auth.getUser(id);
        return { email: user.email ?? null, admin: user.customClaims?.admin === true };
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

    async pendingRequests(id) {
      const pending = async (collection: string) =>
        (await db.collection(collection).where('userId', '==', id).where('status', '==', 'pending').count().get()).data().count;
      try {
        const [deposits, withdrawals] = await Promise.all([pending('deposits'), pending('withdrawals')]);
        return { deposits, withdrawals };
      } catch (err) {
        throw storeError("Firestore could not count the customer's pending requests", err);
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

    async deleteDocument(id, audit, auditId) {
      const auditDoc = auditId === null ? db.collection('auditLog').doc() : db.collection('auditLog').doc(auditId);
      try {
        return await db.runTransaction(async (tx) => {
          // Reads come first in a transaction: the replay check, then the customer.
          const previous = auditId === null ? null : await tx.get(auditDoc);
          if (previous?.exists) return previous.data() as AuditEntry;
          const snapshot = await tx.get(userDoc(id));
          const entry = audit(snapshot.exists ? (snapshot.data() ?? {}) : null);
          if (entry === null) return null;
          tx.delete(userDoc(id));
          tx.create(auditDoc, { ...entry, at: FieldValue.serverTimestamp() });
          return entry;
        });
      } catch (err) {
        throw storeError('Firestore did not delete the customer', err);
      }
    }
  };
}
