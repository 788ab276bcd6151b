import { fromCents, readAmount, type Cents } from './money';

/**
 * The journal of a customer's money (docs/product-rules.md §6.10): every write to `users/{id}` that
 * changes one of these fields adds one entry at `users/{id}/journal/{eventId}`, whoever made it (the
 * platform's functions write it, from the event, the audit entry it names and the writer's claim).
 * This file decides what an entry says.
 */
export const journalFields = ['balance', 'Totaldeposit', 'Totalwithdrawal', 'totalearnings', 'TotalBonus', 'withdrawalLimit'] as const;
export type JournalField = (typeof journalFields)[number];

/** The subcollection a customer's journal lives in. */
export const journalPath = (userId: string): string => `users/${userId}/journal`;

/**
 * A money field on one side of a write: its cents, or the stored value it could not be read from
 * (`unreadable`, as text), or neither when the field is absent. An unreadable amount is never taken as 0.
 */
export interface JournalAmount {
  cents: Cents | null;
  unreadable: string | null;
}

export interface JournalChange {
  field: JournalField;
  before: JournalAmount;
  after: JournalAmount;
  /** after - before in cents (an absent field counts as 0, as a running total starts there); null when a side is unreadable. */
  deltaCents: Cents | null;
}

/**
 * Who made the write, as Firestore's event reports it: the customer; a signed-in user holding the
 * administrator's claim; another signed-in user without it (`otherUser`, never an administrator); a
 * service account; or unknown.
 */
export const journalWriterKinds = ['customer', 'administrator', 'otherUser', 'serviceAccount', 'unknown'] as const;
export type JournalWriterKind = (typeof journalWriterKinds)[number];
export interface JournalWriter {
  kind: JournalWriterKind;
  /** The uid (customer, administrator, other user) or the service account; null when Firestore did not say. */
  id: string | null;
  /** An administrator's e-mail, as the audit entry of their change names it; absent when no audit entry answers for the write. */
  email?: string;
}

/** What one document write tells the journal: the document before and after (null: absent), and who wrote it. */
export interface DocumentWrite {
  userId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The event's auth context: app_user, service_account, api_key, system, unauthenticated, unknown. */
  authType?: string | null;
  authId?: string | null;
  /**
   * There is no auth context at all (the demo's listener sees documents, not events): who wrote is
   * unknown, and the audit entry's signer answers for the write instead.
   */
  noAuthContext?: boolean;
}

/** The audit entry a write names (auditLog/{lastAuditId}) as stored: the paths it covers and who signed it. */
export interface NamedAuditEntry {
  paths: readonly string[];
  adminUid: string | null;
  /** The signer's e-mail as the entry stores it (null or absent: none stored). */
  adminEmail?: string | null;
}

/** What the journal's handler looked up about a write, beyond its event. */
export interface WriteEvidence {
  /** The audit entry the write named, when it was read and exists; else null. */
  auditEntry: NamedAuditEntry | null;
  /** Whether the account that answers for the write (answerableAccountOf) holds the administrator's claim. */
  administrator: boolean;
}

/** Nothing looked up: every change is outside Ledgerdesk and no signed-in user is an administrator. */
export const NO_EVIDENCE: WriteEvidence = { auditEntry: null, administrator: false };

/** The entry a write gives, before the event's id and time are added. */
export interface JournalEntryDraft {
  userId: string;
  kind: 'created' | 'updated' | 'deleted';
  changes: JournalChange[];
  /** Whether balance is among the changes: what a statement reads. */
  balanceMoved: boolean;
  /** The balance after the write (the running balance), whether or not this write moved it. */
  balanceAfter: JournalAmount;
  /** Who made the change: for Ledgerdesk's, the administrator its audit entry names (uid and e-mail); else the writer. */
  writer: JournalWriter;
  /** The audit entry Ledgerdesk wrote with this change; null when the change is outside Ledgerdesk, whatever lastAuditId it set. */
  auditId: string | null;
  /** Not an administrator's audited write: made outside Ledgerdesk (the customer app, the console, a script). */
  outside: boolean;
}

const ABSENT: JournalAmount = { cents: null, unreadable: null };

const shown = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * A stored money field as the money reader reads it: numbers and plain decimal text ("250.00")
 * count, in either direction (a balance may be below zero); anything else is unreadable.
 */
export function journalAmountOf(value: unknown): JournalAmount {
  if (value === undefined || value === null) return ABSENT;
  const negative = typeof value === 'number' ? value < 0 : typeof value === 'string' && /^\s*-/.test(value);
  const magnitude = negative ? (typeof value === 'number' ? -value : (value as string).replace('-', '')) : value;
  const read = readAmount(magnitude, 'amount');
  if (!read.ok) return { cents: null, unreadable: shown(value) };
  return { cents: negative ? 0 - read.value : read.value, unreadable: null };
}

/** Whether a stored value is the same on both sides (NaN is NaN; maps and Timestamps compare by content). */
function sameStored(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return shown(a) === shown(b);
}

const deltaOf = (before: JournalAmount, after: JournalAmount): Cents | null =>
  before.unreadable !== null || after.unreadable !== null ? null : (after.cents ?? 0) - (before.cents ?? 0);

/**
 * The money fields a write changed: those whose stored value differs (a number rewritten as the same
 * amount in text is a change of 0, still recorded).
 */
export function moneyChangesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): JournalChange[] {
  return journalFields.flatMap((field) => {
    const was = before?.[field];
    const is = after?.[field];
    if (sameStored(was, is)) return [];
    const change = { field, before: journalAmountOf(was), after: journalAmountOf(is) };
    return [{ ...change, deltaCents: deltaOf(change.before, change.after) }];
  });
}

/**
 * Who wrote: a signed-in user who is the customer; another signed-in user, who is the administrator only
 * with the administrator's claim (`administrator`, looked up by the handler: the event carries no
 * claims) and otherwise just another user; a service account (firebase-admin: the backend host, a
 * script, the console's server side); or unknown (no auth context, an API key, the system).
 */
export function writerOf(userId: string, authType: string | null | undefined, authId: string | null | undefined, administrator = false): JournalWriter {
  const id = authId || null;
  if (authType === 'app_user' && id !== null) return { kind: id === userId ? 'customer' : administrator ? 'administrator' : 'otherUser', id };
  if (authType === 'service_account') return { kind: 'serviceAccount', id };
  return { kind: 'unknown', id: null };
}

/** The audit entry the write claims: lastAuditId when this write set a new one (any writer can set it; see journalEntryOf). */
export function auditIdOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string | null {
  const named = after?.lastAuditId;
  if (typeof named !== 'string' || named === '') return null;
  return before?.lastAuditId === named ? null : named;
}

/**
 * The account whose administrator's claim decides whether a write can be Ledgerdesk's: a signed-in
 * writer other than the customer; with no auth context, the signer of the audit entry it names. A
 * customer, a service account (firebase-admin can write any audit entry it likes) and anyone else
 * answer to no claim: their writes are outside Ledgerdesk.
 */
export function answerableAccountOf(write: DocumentWrite, auditEntry: NamedAuditEntry | null): string | null {
  if (write.noAuthContext) return auditEntry?.adminUid ?? null;
  const signedIn = write.authType === 'app_user' ? write.authId || null : null;
  return signedIn !== null && signedIn !== write.userId ? signedIn : null;
}

/**
 * The audit entry that makes a write Ledgerdesk's, or null: the write named a new one, an
 * administrator (by claim) answers for it, and the entry exists, lists this customer's document among
 * its paths and is signed by that administrator (firestore.rules demand all of it of an
 * administrator's write; a customer or a script can set lastAuditId, not the claim).
 */
function trustedAuditId(write: DocumentWrite, writer: JournalWriter, evidence: WriteEvidence): string | null {
  const claimed = auditIdOf(write.before, write.after);
  const entry = evidence.auditEntry;
  if (claimed === null || entry === null || !evidence.administrator) return null;
  if (!entry.paths.includes(`users/${write.userId}`)) return null;
  const signer = write.noAuthContext ? entry.adminUid : writer.kind === 'administrator' ? writer.id : null;
  return signer !== null && entry.adminUid === signer ? claimed : null;
}

/**
 * The administrator who made a change Ledgerdesk's, as its audit entry signs it (uid and e-mail). With
 * an auth context that is the writer themselves; without one (the demo's listener) it is who the
 * write answers to, where the writer alone would be unknown.
 */
function makerOf(entry: NamedAuditEntry): JournalWriter {
  const email = entry.adminEmail;
  return { kind: 'administrator', id: entry.adminUid, ...(typeof email === 'string' && email !== '' ? { email } : {}) };
}

/** The journal entry of one write, or null when it changed no money field (nothing is written then). */
export function journalEntryOf(write: DocumentWrite, evidence: WriteEvidence = NO_EVIDENCE): JournalEntryDraft | null {
  const changes = moneyChangesOf(write.before, write.after);
  if (changes.length === 0) return null;
  const writer = write.noAuthContext ? writerOf(write.userId, null, null) : writerOf(write.userId, write.authType, write.authId, evidence.administrator);
  const auditId = trustedAuditId(write, writer, evidence);
  const maker = auditId !== null && evidence.auditEntry ? makerOf(evidence.auditEntry) : writer;
  return {
    userId: write.userId,
    kind: write.before === null ? 'created' : write.after === null ? 'deleted' : 'updated',
    changes,
    balanceMoved: changes.some((change) => change.field === 'balance'),
    balanceAfter: journalAmountOf(write.after?.balance),
    writer: maker,
    auditId,
    outside: auditId === null
  };
}

/** An entry as stored: the draft with its event's id (the document id) and time. */
export interface JournalRecord extends Omit<JournalEntryDraft, 'kind'> {
  /** A write's kind, or `genesis`: the start of the customer's chain, recording the balance found (src/shared/domain/genesis.ts). */
  kind: JournalEntryDraft['kind'] | 'genesis';
  id: string;
  /** When the write happened (the event's time), ISO. */
  at: string;
}

/** The balance before a write: the change's own before when it moved the balance, else what it was after. */
export const balanceBeforeOf = (entry: Pick<JournalEntryDraft, 'changes' | 'balanceAfter'>): JournalAmount =>
  entry.changes.find((change) => change.field === 'balance')?.before ?? entry.balanceAfter;

/** Cents as the contract carries amounts: dollars, or null. */
export const dollarsOf = (cents: Cents | null): number | null => (cents === null ? null : fromCents(cents));
