// The journal of every change to a customer's money (docs/product-rules.md §6.10): each write to
// users/{id} that changes a money field adds one entry at users/{id}/journal/{eventId}, whoever
// wrote it. Run by the journalMoneyChanges trigger (functions/src/journal.ts) and, on a computer
// with no functions deployed, by a listener (./journalListener.ts). Beyond the event it reads only
// what decides whether Ledgerdesk made the change: the audit entry the write names, and whether the
// account answering for it holds the administrator's claim (cached briefly). In one transaction it
// links the entry onto the customer's chain and moves the customer's head (journalHeads/{userId},
// §16.1), so two deliveries at once can neither fork nor skip the chain.
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  answerableAccountOf,
  auditIdOf,
  journalEntryOf,
  journalPath,
  moneyChangesOf,
  type DocumentWrite,
  type NamedAuditEntry,
  type WriteEvidence
} from '../../src/shared/domain/journal';
import { linkJournalEntry, readJournalHead, type JournalHead, type JournalHeadWrite } from '../../src/shared/domain/journalChain';
import { JOURNAL_HEADS } from '../../src/shared/domain/recordsCheck';
import { roleOf } from '../../src/shared/domain/roles';
import { idProblem } from '../../src/shared/schemas/common';
import { codeOf } from '../errors';

/** The entry and the head one append writes, given the head it read (null: the customer has none yet). */
export type JournalLink = (head: JournalHead | null) => { entry: DocumentData; head: JournalHeadWrite };

/** All the journal may do: append its entry to a customer's chain, read one audit entry, ask whether an account is an administrator. */
export interface JournalDb {
  /**
   * In one transaction: reads the entry's document and the customer's head; when the entry is there
   * already (a second delivery), writes nothing and answers false; else creates the entry and writes
   * the head `link` gives (keeping what the nightly check recorded on it) and answers true.
   */
  append(userId: string, entryId: string, link: JournalLink): Promise<boolean>;
  /** auditLog/{id}: the paths it covers and who signed it (uid and e-mail); null when there is none. */
  auditEntry(id: string): Promise<NamedAuditEntry | null>;
  /** Whether the sign-in account holds a role (any of the team's: owner, admin, support, viewer); false when there is no such account. */
  isAdministrator(uid: string): Promise<boolean>;
}

/** The one call the journal makes on the sign-in accounts (firebase-admin's Auth has it). */
export interface SignInAccounts {
  getUser(uid: string): Promise<{ customClaims?: Record<string, unknown> }>;
}

/** How long an account's claim is trusted before it is looked up again: a revoked claim stops counting within a minute. */
export const CLAIM_CACHE_MS = 60_000;
/** The accounts remembered at most (administrators are few; a flood of other users only empties the cache). */
const CLAIM_CACHE_SIZE = 1_000;

/** The journal's database: Firestore for the entry and the audit log, the sign-in accounts for the claim. */
export function platformJournalDb(db: Firestore, accounts: SignInAccounts, now: () => number = Date.now): JournalDb {
  const claims = new Map<string, { administrator: boolean; until: number }>();
  const lookUp = async (uid: string): Promise<boolean> => {
    try {
      // Any role makes an administrator (admin: true reads as owner); a role Ledgerdesk does not know, none.
      const user = await accounts.getUser(uid);
      return roleOf(user.customClaims ?? {}) !== null;
    } catch (error) {
      // An account that no longer exists is no administrator; anything else is retried with the event.
      if (codeOf(error) === 'auth/user-not-found') return false;
      throw error;
    }
  };
  return {
    append: (userId, entryId, link) =>
      db.runTransaction(async (tx) => {
        const entryRef = db.doc(`${journalPath(userId)}/${entryId}`);
        const headRef = db.doc(`${JOURNAL_HEADS}/${userId}`);
        const [entry, head] = await tx.getAll(entryRef, headRef);
        if (entry!.exists) return false;
        const known = readJournalHead(head!.data());
        // A head that is there but unreadable was edited by hand: starting the chain again would hide it.
        if (head!.exists && known === null) throw new Error(`${headRef.path} is not a journal head (seq and hash): the chain cannot go on from it.`);
        const linked = link(known);
        tx.create(entryRef, linked.entry);
        tx.set(headRef, { ...linked.head, changedAt: FieldValue.serverTimestamp() }, { merge: true });
        return true;
      }),
    async auditEntry(id) {
      // A lastAuditId that cannot be a document id names no entry (and must not fail the trigger for a day).
      if (idProblem(id)) return null;
      const entry = await db.doc(`auditLog/${id}`).get();
      if (!entry.exists) return null;
      const paths: unknown = entry.get('paths');
      const adminUid: unknown = entry.get('adminUid');
      const adminEmail: unknown = entry.get('adminEmail');
      return {
        paths: Array.isArray(paths) ? paths.filter((path): path is string => typeof path === 'string') : [],
        adminUid: typeof adminUid === 'string' ? adminUid : null,
        adminEmail: typeof adminEmail === 'string' ? adminEmail : null
      };
    },
    async isAdministrator(uid) {
      const known = claims.get(uid);
      if (known && known.until > now()) return known.administrator;
      const administrator = await lookUp(uid);
      if (claims.size >= CLAIM_CACHE_SIZE) claims.clear();
      claims.set(uid, { administrator, until: now() + CLAIM_CACHE_MS });
      return administrator;
    }
  };
}

/** One document write as its event reports it. */
export interface JournalEvent extends DocumentWrite {
  /** The event's id: the entry's id, so a second delivery of the event writes nothing. */
  id: string;
  /** When the write happened (RFC 3339, up to nanoseconds). */
  time: string;
}

export type Journaled = 'written' | 'no money change' | 'already written';

/** An RFC 3339 time as a Timestamp, keeping the microseconds Firestore's update times carry (Date would drop them). */
export function timestampOfTime(time: string): Timestamp {
  const millis = Date.parse(time);
  if (Number.isNaN(millis)) throw new Error(`The event's time is not a time: ${time}`);
  const fraction = /\.(\d+)/.exec(time)?.[1] ?? '';
  const seconds = Math.floor(millis / 1000);
  return new Timestamp(seconds, fraction ? Number(fraction.slice(0, 9).padEnd(9, '0')) : (millis - seconds * 1000) * 1_000_000);
}

/**
 * The entry's document id: the event's id, or, where that could not be a document id, its hash (the
 * same for every delivery of the event). Refusing it would make a retried trigger fail for a day.
 */
const entryIdOf = (event: JournalEvent): string => (idProblem(event.id) ? createHash('sha256').update(event.id).digest('hex') : event.id);

/**
 * What decides whether a write is Ledgerdesk's: the audit entry it names, read only when an account
 * answers for it (a signed-in writer other than the customer, or with no auth context the entry's
 * signer), and that account's claim. A customer's or a service account's write reads nothing.
 */
async function evidenceOf(db: JournalDb, write: DocumentWrite): Promise<WriteEvidence> {
  const claimed = auditIdOf(write.before, write.after);
  const mayAnswer = write.noAuthContext === true || answerableAccountOf(write, null) !== null;
  const auditEntry = claimed !== null && mayAnswer ? await db.auditEntry(claimed) : null;
  const account = answerableAccountOf(write, auditEntry);
  return { auditEntry, administrator: account !== null && (await db.isAdministrator(account)) };
}

export async function journalMoneyChange(db: JournalDb, event: JournalEvent): Promise<Journaled> {
  if (moneyChangesOf(event.before, event.after).length === 0) return 'no money change';
  const entry = journalEntryOf(event, await evidenceOf(db, event));
  if (!entry) return 'no money change';
  const at = timestampOfTime(event.time);
  // The event was delivered before (Eventarc delivers at least once) when its entry is there already.
  const written = await db.append(event.userId, entryIdOf(event), (head) => {
    // Hashed as every verifier reads it back: the time as epoch milliseconds, the commit stamp left out.
    const linked = linkJournalEntry(head, entry, at.toMillis());
    return { entry: { ...entry, at, recordedAt: FieldValue.serverTimestamp(), seq: linked.seq, hash: linked.hash }, head: linked.head };
  });
  return written ? 'written' : 'already written';
}
