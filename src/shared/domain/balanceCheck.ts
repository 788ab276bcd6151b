import { EMPTY_HEAD, verifyChain, type ChainedEntry, type ChainHead } from './chain';
import { journalAmountOf } from './journal';
import { formatUsd, fromCents } from './money';

/**
 * The balance check of a customer's Figures (docs/product-rules.md §16.1): the stored balance is
 * explained when it equals the balance on the customer's journal head, and the entries since the last
 * verified head (the nightly check's) chain onto it, each either Ledgerdesk's (its audit entry exists
 * for this customer) or marked as made outside Ledgerdesk. Pure: the desktop reads, this decides.
 */

/** journalHeads/{userId} as the check reads it; the head's verified part is the nightly check's. */
export interface StoredJournalHead extends ChainHead {
  /** null when the balance the journal saw last is unreadable. */
  balanceCents: number | null;
  verified: (ChainHead & { balanceCents: number | null }) | null;
}

/** Reads a stored head; null when there is none, or what is there is no head (then nothing chains onto it). */
export function storedJournalHeadOf(data: Record<string, unknown> | null | undefined): StoredJournalHead | null {
  if (!data || !isChainHead(data)) return null;
  const verified = data.verified && typeof data.verified === 'object' ? (data.verified as Record<string, unknown>) : null;
  return {
    seq: data.seq,
    hash: data.hash,
    balanceCents: centsOf(data.balanceCents),
    verified: verified && isChainHead(verified) ? { seq: verified.seq, hash: verified.hash, balanceCents: centsOf(verified.balanceCents) } : null
  };
}

const isChainHead = (data: Record<string, unknown>): data is Record<string, unknown> & ChainHead =>
  typeof data.seq === 'number' && Number.isInteger(data.seq) && data.seq >= 0 && typeof data.hash === 'string';
const centsOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

/** What the desktop read for the check: the customer's stored balance, their head, and the entries after its verified part. */
export interface BalanceEvidence {
  userId: string;
  /** users/{id}.balance as stored. */
  balance: unknown;
  head: StoredJournalHead | null;
  /** The chained entries with seq above the head's verified seq (all of them when none is verified), times as epoch ms. */
  entries: readonly ChainedEntry[];
  /** Of the audit entries those entries name, the ones that exist and list users/{userId} among their paths. */
  auditsFound: ReadonlySet<string>;
}

export const BALANCE_CHECK_STATES = ['explained', 'differs', 'noHead', 'broken'] as const;

export type BalanceCheck =
  | { state: 'explained'; seq: number; balanceCents: number | null }
  | { state: 'differs'; storedCents: number | null; storedUnreadable: string | null; journalCents: number | null }
  | { state: 'noHead' }
  | { state: 'broken'; path: string; reason: string };

/** Where the check starts: the head the nightly check verified, or the chain's beginning. */
export const checkedFrom = (head: StoredJournalHead): ChainHead => (head.verified ? { seq: head.verified.seq, hash: head.verified.hash } : EMPTY_HEAD);

/** Why an entry answers for nobody: it claims to be Ledgerdesk's, but no audit entry of this customer stands behind it. */
function unanswered(entry: ChainedEntry, userId: string, auditsFound: ReadonlySet<string>): string | null {
  const { auditId, outside, kind, seq } = entry.data;
  // The chain's start moves nothing: it records the balance found when the chain was seeded.
  if (outside === true || (kind === 'genesis' && seq === 1)) return null;
  if (typeof auditId !== 'string' || auditId === '') return 'It is not marked as made outside Ledgerdesk, yet it names no audit entry: nobody answers for it.';
  if (!auditsFound.has(auditId)) return `It names audit entry ${auditId}, which does not exist or does not cover users/${userId}: nobody answers for it.`;
  return null;
}

export function checkBalance(evidence: BalanceEvidence): BalanceCheck {
  const { head } = evidence;
  if (!head) return { state: 'noHead' };
  const headPath = `journalHeads/${evidence.userId}`;
  const [broken] = verifyChain(evidence.entries, { from: checkedFrom(head), head, headPath });
  if (broken) return { state: 'broken', ...broken };
  for (const entry of [...evidence.entries].sort((a, b) => Number(a.data.seq) - Number(b.data.seq))) {
    const reason = unanswered(entry, evidence.userId, evidence.auditsFound);
    if (reason) return { state: 'broken', path: entry.path, reason };
  }
  const stored = journalAmountOf(evidence.balance);
  // The head keeps no text: an absent or unreadable balance is null there, and matches one here.
  if (stored.cents !== head.balanceCents) {
    return { state: 'differs', storedCents: stored.cents, storedUnreadable: stored.unreadable, journalCents: head.balanceCents };
  }
  return { state: 'explained', seq: head.seq, balanceCents: head.balanceCents };
}

const usd = (cents: number | null, unreadable: string | null = null): string =>
  cents !== null ? formatUsd(fromCents(cents)) : unreadable !== null ? `"${unreadable}"` : 'no amount';

/** The check in an administrator's words, as the Figures card says it. */
export function balanceSentence(check: BalanceCheck): string {
  switch (check.state) {
    case 'explained':
      return `Balance explained by the journal (seq ${check.seq}).`;
    case 'differs':
      return `Balance ${usd(check.storedCents, check.storedUnreadable)} differs from the journal's ${usd(check.journalCents)}: changed without a journal entry.`;
    case 'noHead':
      return 'No journal head yet: run records-genesis.';
    case 'broken':
      return `Journal chain broken at ${check.path}: ${check.reason}`;
  }
}

/** The check as the contract carries it: its state, its words, and the document named when the chain is broken. */
export const balanceCheckView = (check: BalanceCheck): { state: BalanceCheck['state']; sentence: string; path: string | null } => ({
  state: check.state,
  sentence: balanceSentence(check),
  path: check.state === 'broken' ? check.path : null
});
