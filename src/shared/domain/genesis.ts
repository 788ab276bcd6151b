import { chainNext, EMPTY_HEAD } from './chain';
import { journalAmountOf, type JournalAmount, type JournalWriter } from './journal';

/**
 * The first entry of a customer's chained journal (docs/product-rules.md §16.1). Entries written
 * before chaining are left as they are; the chain starts here, from the balance the customer holds
 * when it is seeded, so every later entry explains the balance from that point on.
 */

/** Its document id: users/{userId}/journal/genesis, one per customer, so seeding twice cannot fork a chain. */
export const GENESIS_ID = 'genesis';

/** The genesis entry's fields as stored, its time as epoch milliseconds (the writer stores Timestamp.fromMillis(at)). */
export interface GenesisEntry {
  userId: string;
  kind: 'genesis';
  changes: [];
  balanceMoved: false;
  balanceAfter: JournalAmount;
  writer: JournalWriter;
  auditId: null;
  outside: false;
  at: number;
  seq: 1;
  hash: string;
}

/** The head the genesis entry starts: journalHeads/{userId}, its time (changedAt) as epoch milliseconds. */
export interface GenesisHead {
  userId: string;
  seq: 1;
  hash: string;
  /** The balance in cents; null when the stored balance is absent or unreadable. */
  balanceCents: number | null;
  /** Nothing to check yet: the entry only records the balance as found. */
  toCheck: false;
  changedAt: number;
}

/**
 * The genesis entry of a customer holding `balance` (the stored value, read as the journal reads
 * every amount), seeded at `atMs`, and the head it starts. A service account writes it (the seeding
 * command, with firebase-admin): it is no administrator's change, so it names no audit entry; it is
 * not a change made outside Ledgerdesk either, since it moves nothing.
 */
export function genesisOf(userId: string, balance: unknown, atMs: number): { entry: GenesisEntry; head: GenesisHead } {
  if (!Number.isSafeInteger(atMs)) throw new Error(`A genesis entry needs its time in whole milliseconds, not ${String(atMs)}.`);
  const balanceAfter = journalAmountOf(balance);
  const unhashed = {
    userId,
    kind: 'genesis' as const,
    changes: [] as [],
    balanceMoved: false as const,
    balanceAfter,
    writer: { kind: 'serviceAccount' as const, id: null },
    auditId: null,
    outside: false as const,
    at: atMs
  };
  const { hash } = chainNext(EMPTY_HEAD, unhashed);
  return {
    entry: { ...unhashed, seq: 1, hash },
    head: { userId, seq: 1, hash, balanceCents: balanceAfter.cents, toCheck: false, changedAt: atMs }
  };
}
