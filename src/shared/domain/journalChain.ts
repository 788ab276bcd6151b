import { chainNext, EMPTY_HEAD, type ChainHead } from './chain';
import type { JournalEntryDraft } from './journal';

/**
 * A customer's journal as a chain (docs/product-rules.md §16.1): each entry carries `seq` and `hash`,
 * and the writer keeps the customer's head at journalHeads/{userId}, read and written in the same
 * transaction as the entry. Pure: the journal's handler and the tests build the same bytes.
 */

/** The head as the writer reads it back: the chain's end, and the balance the journal explains. */
export interface JournalHead extends ChainHead {
  /** The balance after the latest write the journal has seen (by the write's own time), in cents; null when unreadable. */
  balanceCents: number | null;
  /**
   * The time (epoch ms) of the write that balance comes from. Events arrive in no promised order: an
   * older write delivered late joins the chain but does not turn the balance back. Absent on a head
   * seeded by the genesis command: every later write is newer.
   */
  balanceAt?: number;
}

/** What the writer stores at journalHeads/{userId} beside the commit stamp (changedAt) it adds. */
export interface JournalHeadWrite extends JournalHead {
  userId: string;
  balanceAt: number;
  /** The nightly check re-reads this customer: the journal moved since it last verified it. */
  toCheck: true;
}

/** One entry linked onto its customer's chain: the fields to store (times as the caller stores them) and the new head. */
export interface LinkedEntry {
  seq: number;
  hash: string;
  head: JournalHeadWrite;
}

/** Reads a stored head; null when there is none, or it is not one (then the chain cannot go on from it). */
export function readJournalHead(data: Record<string, unknown> | undefined | null): JournalHead | null {
  if (!data || typeof data.seq !== 'number' || !Number.isInteger(data.seq) || data.seq < 0 || typeof data.hash !== 'string') return null;
  const balanceCents = typeof data.balanceCents === 'number' ? data.balanceCents : null;
  return { seq: data.seq, hash: data.hash, balanceCents, ...(typeof data.balanceAt === 'number' ? { balanceAt: data.balanceAt } : {}) };
}

/**
 * Links an entry after the head (or from genesis when the customer has none). The hash covers the entry
 * as stored with its time as epoch milliseconds (`atMs`), which is what every verifier reads back.
 */
export function linkJournalEntry(head: JournalHead | null, draft: JournalEntryDraft, atMs: number): LinkedEntry {
  const { seq, hash } = chainNext(head ?? EMPTY_HEAD, { ...draft, at: atMs });
  const newer = head?.balanceAt === undefined || atMs >= head.balanceAt;
  return {
    seq,
    hash,
    head: {
      userId: draft.userId,
      seq,
      hash,
      balanceCents: newer ? draft.balanceAfter.cents : (head?.balanceCents ?? null),
      balanceAt: newer ? atMs : head!.balanceAt!,
      toCheck: true
    }
  };
}
