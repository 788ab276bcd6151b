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

/** An audit entry as the desktop app writes it (src/main/firebase/records.ts), without `at`, which the store adds. */
export type AuditEntry = Omit<AuditDraft, 'kind'> & { kind: 'user'; adminUid: string; adminEmail: string | null };

/** A failure of Firebase itself (network, permissions, quota); the message is Firebase's own. */
export class CustomerStoreError extends Error {}

export interface CustomerStore {
  /** The sign-in account, or null when there is none. */
  findAccount(id: string): Promise<CustomerAccount | null>;
  /** The `users/{id}` document's fields, or null when there is no such document. */
  findDocument(id: string): Promise<Record<string, unknown> | null>;
  /** Deletes the sign-in account: true when it did, false when there was none (already deleted). */
  deleteAccount(id: string): Promise<boolean>;
  /**
   * In one transaction: re-reads `users/{id}`, asks `audit` for the entry that describes what is
   * deleted, then deletes the document and adds the entry to `auditLog` (with a server timestamp).
   * When `audit` answers null nothing is written. Resolves with what was written.
   */
  deleteDocument(id: string, audit: (data: Record<string, unknown> | null) => AuditEntry | null): Promise<AuditEntry | null>;
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

    async deleteAccount(id) {
      try {
        await auth.deleteUser(id);
        return true;
      } catch (err) {
        if (codeOf(err) === USER_NOT_FOUND) return false;
        throw storeError('Firebase Auth did not delete the sign-in account', err);
      }
    },

    async deleteDocument(id, audit) {
      try {
        return await db.runTransaction(async (tx) => {
          const snapshot = await tx.get(userDoc(id));
          const entry = audit(snapshot.exists ? (snapshot.data() ?? {}) : null);
          if (entry === null) return null;
          tx.delete(userDoc(id));
          tx.create(db.collection('auditLog').doc(), { ...entry, at: FieldValue.serverTimestamp() });
          return entry;
        });
      } catch (err) {
        throw storeError('Firestore did not delete the customer', err);
      }
    }
  };
}
