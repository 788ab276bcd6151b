// The Ledgerdesk team on the platform side: Firebase Auth accounts with their `role` claim, and one
// `team/{uid}` document per member (docs/product-rules.md §15.2). Behind an interface so the routes
// can be tested with a fake; the real store is on the host's firebase-admin app.
import type { App } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { FieldValue, getFirestore, Timestamp, type DocumentData, type QuerySnapshot } from 'firebase-admin/firestore';
import { queuedMail } from '../src/shared/domain/mailOutbox';
import { roleOf, type Role } from '../src/shared/domain/roles';
import type { EmailDraft } from '../src/shared/domain/changeset';
import { readAuditChain } from './auditChain';
import { markApplied, readVerdict, type ApprovalVerdict, type HostApproval } from './approvals';
import { codeOf } from './errors';

/** A member's sign-in account as the Team screen shows it. */
export interface MemberAccount {
  uid: string;
  email: string | null;
  /** From the claims (roleOf): null for an account that is not an administrator. */
  role: Role | null;
  claims: Record<string, unknown>;
  mfa: boolean;
  lastSignInAt: string | null;
  disabled: boolean;
}

/** team/{uid}: who was invited, as what, when and by whom; `disabled` mirrors the account, for the last-owner count. */
export interface TeamDocument {
  email: string | null;
  role: Role | null;
  invitedAt: string | null;
  invitedBy: string | null;
  disabled: boolean;
}

/** What one team change writes in its transaction, beside its audit entry at auditLog/{operationId}. */
export interface TeamWrite {
  /** Fields merged into team/{uid} (a missing document is created). */
  members: { uid: string; set: Record<string, unknown> }[];
  audit: Record<string, unknown>;
  /** A queued e-mail (mailOutbox), delivered by the outbox like every other. */
  mail?: EmailDraft;
}

export type TeamDecision = { write: TeamWrite } | { refuse: string };
export type TeamCommit =
  | { written: true }
  | { replayed: Record<string, unknown> }
  | { refused: string }
  /** Dual control refused the change (server/approvals.ts): nothing written. */
  | { unapproved: { status: number; body: { error: string; code?: string } } };

export interface TeamStore {
  /** Accounts by uid, asked 100 at a time; uids without an account are left out. */
  accounts(uids: string[]): Promise<MemberAccount[]>;
  accountByEmail(email: string): Promise<MemberAccount | null>;
  /** An account with no password: the invitation's link sets one. */
  createAccount(email: string): Promise<MemberAccount>;
  /** Every team/{uid} document. */
  documents(): Promise<Map<string, TeamDocument>>;
  /** Whether users/{uid} exists: the account is a customer's. */
  isCustomer(uid: string): Promise<boolean>;
  findAudit(operationId: string): Promise<Record<string, unknown> | null>;
  /**
   * One transaction: when auditLog/{operationId} exists, nothing is written and the entry comes back;
   * otherwise `decide` sees every team document as it is now (so two owners demoting each other
   * cannot both pass the last-owner rule) and its write is made with the entry.
   */
  commit(operationId: string, decide: (documents: Map<string, TeamDocument>) => TeamDecision, approval?: HostApproval): Promise<TeamCommit>;
  /**
   * Dual control's first look (server/approvals.ts): the policy and the request as they are now.
   * `commit` checks them again with `approval` in its transaction and marks the request applied
   * there. Absent (a fake store), the policy is not read.
   */
  approvalVerdict?(approval: HostApproval): Promise<ApprovalVerdict>;
  /** Sets the `role` claim, keeping the other claims and removing `admin`, which would read as owner beside no role. */
  setRole(uid: string, role: Role): Promise<void>;
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /** Ends every session: the ID token's next refresh fails, and a checked token is refused at once. */
  revokeSessions(uid: string): Promise<void>;
  /** A link to set the account's password (Firebase's password-reset link). */
  passwordLink(email: string): Promise<string>;
}

const BATCH = 100;

const accountOf = (user: UserRecord): MemberAccount => {
  const claims = { ...(user.customClaims ?? {}) };
  const signedIn = user.metadata.lastSignInTime;
  return {
    uid: user.uid,
    email: user.email ?? null,
    role: roleOf(claims),
    claims,
    mfa: (user.multiFactor?.enrolledFactors.length ?? 0) > 0,
    lastSignInAt: signedIn ? new Date(signedIn).toISOString() : null,
    disabled: user.disabled
  };
};

const isoOf = (value: unknown): string | null => (value instanceof Timestamp ? value.toDate().toISOString() : typeof value === 'string' ? value : null);

const documentOf = (data: DocumentData): TeamDocument => ({
  email: typeof data.email === 'string' ? data.email : null,
  role: roleOf({ role: data.role }),
  invitedAt: isoOf(data.invitedAt),
  invitedBy: typeof data.invitedBy === 'string' ? data.invitedBy : null,
  disabled: data.disabled === true
});

export function createFirebaseTeamStore(app: App): TeamStore {
  const auth = getAuth(app);
  const db = getFirestore(app);
  const team = db.collection('team');
  const byUid = (found: QuerySnapshot) => new Map(found.docs.map((d) => [d.id, documentOf(d.data())] as const));

  return {
    async accounts(uids) {
      const found: MemberAccount[] = [];
      for (let i = 0; i < uids.length; i += BATCH) {
        const { users } = await auth.getUsers(uids.slice(i, i + BATCH).map((uid) => ({ uid })));
        found.push(...users.map(accountOf));
      }
      return found;
    },
    async accountByEmail(email) {
      try {
        return accountOf(await auth.getUserByEmail(email));
      } catch (err) {
        if (codeOf(err) === 'auth/user-not-found') return null;
        throw err;
      }
    },
    createAccount: async (email) => accountOf(await auth.createUser({ email, emailVerified: false })),
    documents: async () => byUid(await team.get()),
    isCustomer: async (uid) => (await db.collection('users').doc(uid).get()).exists,
    async findAudit(operationId) {
      const snapshot = await db.collection('auditLog').doc(operationId).get();
      return snapshot.exists ? (snapshot.data() ?? {}) : null;
    },
    approvalVerdict: (approval) => readVerdict(db, (ref) => ref.get(), approval),
    commit: (operationId, decide, approval) =>
      db.runTransaction(async (tx): Promise<TeamCommit> => {
        const auditDoc = db.collection('auditLog').doc(operationId);
        const earlier = await tx.get(auditDoc);
        if (earlier.exists) return { replayed: earlier.data() ?? {} };
        const documents = byUid(await tx.get(team));
        // Dual control: the policy and the request read in this transaction, so a request closed meanwhile applies nothing.
        const verdict = approval ? await readVerdict(db, (ref) => tx.get(ref), approval) : { apply: null };
        if ('refuse' in verdict) return { unapproved: verdict.refuse };
        const decision = decide(documents);
        if ('refuse' in decision) return { refused: decision.refuse };
        // The audit chain's head is the last read: every audited write contends on it.
        const chain = await readAuditChain(tx, db);
        const { members, audit, mail } = decision.write;
        if (verdict.apply !== null && approval) markApplied(tx, db, verdict.apply, approval.caller);
        for (const { uid, set } of members) tx.set(team.doc(uid), set, { merge: true });
        if (mail) {
          // The same shape and states as the desktop's queued e-mails.
          tx.create(db.collection('mailOutbox').doc(), queuedMail(mail, operationId, FieldValue.serverTimestamp()));
        }
        chain.append(auditDoc, audit);
        return { written: true };
      }),
    async setRole(uid, role) {
      const { admin: _admin, ...claims } = (await auth.getUser(uid)).customClaims ?? {};
      await auth.setCustomUserClaims(uid, { ...claims, role });
    },
    setDisabled: async (uid, disabled) => {
      await auth.updateUser(uid, { disabled });
    },
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
    passwordLink: (email) => auth.generatePasswordResetLink(email)
  };
}
