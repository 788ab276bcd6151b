import { fail, ok, type Result } from '../result';
import type { Flows } from './flows';

/**
 * What a status rule decides, before anything is written: the field changes per document, the
 * audit entry and the e-mails. The repository applies all of it in one Firestore transaction.
 */
export const auditKinds = [
  'deposit',
  'withdrawal',
  'investment',
  'compoundInvestment',
  'user',
  'plan',
  'wallets',
  'settings',
  'mail',
  'reconciliation',
  'access',
  // Invitations, role changes and disabled accounts of the Ledgerdesk team (the backend host writes them).
  'team'
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const emailKinds = [
  'investmentActivated',
  'referralBonus',
  'withdrawalProcessed',
  'withdrawalRejected',
  'custom',
  'investmentCompleted',
  'kycApproved',
  'kycRejected',
  'kycResubmission',
  'invitation'
] as const;
export type EmailKind = (typeof emailKinds)[number];

/** The field every document an administrator writes carries: the id of the audit entry written with it (firestore.rules). */
export const LAST_AUDIT_ID = 'lastAuditId';

/** 'users/abc' plus the fields to set on it. */
export interface DocumentChange {
  path: string;
  set: Record<string, unknown>;
  /** Overwrite the whole document (creating it if needed) instead of updating fields. */
  replace?: boolean;
  /**
   * A new document that says who wrote it and when (a customer's note): the store adds `adminUid`,
   * `adminEmail`, `operationId` and the commit's server time `at`, and firestore.rules refuse any
   * other create or any later change.
   */
  create?: boolean;
}

export interface AuditDraft {
  kind: AuditKind;
  action: string;
  entityPath: string;
  summary: string;
  /** Keys are 'collection/id.field', so one entry can show every document it touched. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  notes: string[];
  reason: string | null;
  /** The risk warnings shown when the decision was taken (src/shared/domain/risk.ts). */
  warnings?: string[];
  /** The customers the entry is about beyond those whose documents it changed (a deposit's depositor). */
  userIds?: string[];
  /** The chain transaction a credit or payout was decided on, stored form (src/shared/domain/txid.ts). */
  txid?: string;
  /**
   * A figure moved outside the status rules (Manage, an investment's payout), summable by
   * reconciliation: the customer, and each figure's signed change in cents ({ Totaldeposit: -1250 }).
   */
  movedUserId?: string;
  moved?: Record<string, number>;
  /** The money this decision moved in or out of the platform, in cents (src/shared/domain/flows.ts): summed per day by the daily snapshot. */
  flows?: Flows;
  /** Why a refusal was overridden (a suspended customer, a blocked address): 5 to 500 characters. */
  overrideReason?: string;
  /**
   * The approval request this change applies or asks for (dual control, src/shared/domain/approvals.ts):
   * firestore.rules read it here where the record itself cannot name it (a settings document).
   */
  approvalRequestId?: string;
  /** A sign-in, refused sign-in, sign-out or password confirmation (kind 'access', src/shared/domain/access.ts). */
  access?: AccessFacts;
}

/** What an access entry records: who, what happened, and when it happened (the entry's `at` is when it was written). */
export interface AccessFacts {
  event: 'signIn' | 'signOut' | 'reauthenticate';
  email: string;
  result: 'ok' | 'refused';
  /** Why a session ended (signedOut, idle, screenLocked) or why an attempt was refused. */
  detail: string | null;
  occurredAt: string;
}

export interface EmailDraft {
  kind: EmailKind;
  to: string;
  /** Used as the greeting and in the audit trail; the e-mail address when no name is on file. */
  toName: string;
  subject: string;
  companyName: string;
  html: string;
  text: string;
  /** The record the e-mail is about, e.g. 'deposits/abc'. */
  about: string;
}

/** The notes an audit entry is stored with: the rule's, then each warning the decision was taken with. */
export const auditNotes = (draft: AuditDraft): string[] => [...draft.notes, ...(draft.warnings ?? []).map((w) => `Warning shown: ${w}`)];

/** A money change as the administrator sees it: "Total deposit of Olivia: $100.00 -> $223.45". */
export interface Effect {
  /** The figure moved, 'users/abc.Totaldeposit': a bulk run expects what its earlier records left. */
  key: string;
  label: string;
  before: number;
  after: number;
}

export interface Changeset {
  changes: DocumentChange[];
  audit: AuditDraft;
  emails: EmailDraft[];
  effects: Effect[];
  /** The sentence the administrator is shown when it worked. */
  message: string;
}

/** A document as the rules need it; fields stay unknown until a rule reads them. */
export type DocSnapshot = { id: string; data: Record<string, unknown> };

/** A stored text field, trimmed, or the fallback when it is missing or blank. */
export const textOr = (value: unknown, fallback: string): string => (typeof value === 'string' && value.trim() ? value.trim() : fallback);

export const userName = (user: DocSnapshot, fallback = 'customer'): string => {
  const email = user.data.email;
  return textOr(user.data.fullname, typeof email === 'string' && email ? email : fallback);
};

export const userEmail = (user: DocSnapshot | null, fallback: unknown): string | null => {
  const email = user?.data.email;
  if (typeof email === 'string' && email.includes('@')) return email;
  return typeof fallback === 'string' && fallback.includes('@') ? fallback : null;
};

/** "from olivia@example.com" in a summary: the record's stored e-mail, else its customer's name. */
export const fromCustomer = (record: DocSnapshot, emailField: string): string =>
  `from ${textOr(record.data[emailField], textOr(record.data.username, 'a customer'))}`;

/** Where each record with a status machine is stored, and what a sentence calls it. */
const statusRecords = {
  deposit: { collection: 'deposits', noun: 'deposit' },
  withdrawal: { collection: 'withdrawals', noun: 'withdrawal' },
  investment: { collection: 'investments', noun: 'investment' },
  compoundInvestment: { collection: 'compoundInvest', noun: 'compound investment' }
} as const;

/**
 * The common start of every status rule: refused when `lock` names why the record is final or
 * when it already has `to`; otherwise the change that sets only the status, with its audit entry
 * (`<kind>.status`, "<Noun> <whose>: <from> -> <to>", the status before and after), no e-mails and
 * no money effects. `from` is the status it had ('' for none). The money rules build on it.
 */
export function statusChangeset(
  kind: keyof typeof statusRecords,
  record: DocSnapshot,
  to: string,
  whose: string,
  lock: string | null = null
): Result<{ from: string; path: string; changeset: Changeset }> {
  if (lock) return fail('CONFLICT', lock);
  const { collection, noun } = statusRecords[kind];
  const from = typeof record.data.status === 'string' ? record.data.status : '';
  if (from === to) return fail('CONFLICT', `This ${noun} is already ${to}.`);
  const path = `${collection}/${record.id}`;
  const Noun = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  return ok({
    from,
    path,
    changeset: {
      changes: [{ path, set: { status: to } }],
      audit: {
        kind,
        action: `${kind}.status`,
        entityPath: path,
        summary: `${Noun} ${whose}: ${from || 'no status'} -> ${to}`,
        before: { [`${path}.status`]: from || null },
        after: { [`${path}.status`]: to },
        notes: [],
        reason: null,
        userIds: typeof record.data.userId === 'string' && record.data.userId ? [record.data.userId] : []
      },
      emails: [],
      effects: [],
      message: `${Noun} marked ${to}.`
    }
  });
}

/**
 * Every customer an audit entry is about: the ones it names and the ones whose documents it
 * changed ('users/<id>' paths and 'users/<id>.field' keys). Stored on the entry as `userIds`, so
 * a customer's audit tab is one indexed query (array-contains).
 */
export function auditSubjects(audit: AuditDraft): string[] {
  const ids = new Set(audit.userIds ?? []);
  const fromPath = (path: string) => /^users\/([^/.]+)/.exec(path)?.[1];
  for (const path of [audit.entityPath, ...Object.keys(audit.before), ...Object.keys(audit.after)]) {
    const id = fromPath(path);
    if (id) ids.add(id);
  }
  return [...ids].slice(0, 10);
}

/**
 * The stored shape of an audit entry but its time (each store adds the server's): who did what to
 * which record, before and after, every document path the write changed (`paths`, which
 * firestore.rules check each written document against), and the operation's fingerprint and answer
 * so a replay can answer it again. One shape for the desktop's writes and the platform's.
 */
export const auditEntryOf = (
  draft: AuditDraft,
  actor: { uid: string; email: string | null },
  operation: { id: string; fingerprint: string },
  answer: unknown,
  paths: string[] = []
): Record<string, unknown> => ({
  ...draft,
  paths,
  notes: auditNotes(draft),
  userIds: auditSubjects(draft),
  operationId: operation.id,
  fingerprint: operation.fingerprint,
  answer: answer ?? null,
  adminUid: actor.uid,
  adminEmail: actor.email
});
