import { checkBalance, balanceSentence } from './balanceCheck';
import type { ChainedEntry, ChainHead } from './chain';
import { formatUsd, fromCents, toCents, type Cents } from './money';

/**
 * The nightly check that reads what changed (docs/product-rules.md §16.5). The journal's writer marks
 * a customer's head `toCheck` in the same transaction as each entry; the night re-reads those
 * customers from the head it last verified, plus a rolling sample of every customer so that each is
 * fully re-read at least every ROLLING_NIGHTS nights, and checks the platform's total against the
 * heads with one sum. Pure: the platform's run and the desktop's only read and write what this decides.
 */

/** Every customer is fully re-read at least once in this many nights. */
export const ROLLING_NIGHTS = 30;

/** Where the rolling sample keeps the last customer id it re-read (null: start again from the first). */
export const ROLLING_CURSOR_PATH = 'nightlyCursor/rolling';

/** The settings field (settings/ledgerdesk) naming the weekday (0 Sunday to 6 Saturday, UTC) whose night runs in full; null: never. */
export const FULL_RUN_WEEKDAY_FIELD = 'reconciliationFullRunWeekday';

/** Findings listed on a run by path; beyond them only counted, so the run's document stays small. */
export const FINDINGS_LISTED = 500;

/** The head as the last night verified it: the chain up to seq checked, and the balance it then explained. */
export interface VerifiedHead extends ChainHead {
  balanceCents: number | null;
  /** When it was verified, epoch ms. */
  at: number;
}

/** A customer's head as the nightly check reads it (journalHeads/{userId}). */
export interface CheckedHead extends ChainHead {
  userId: string;
  balanceCents: number | null;
  toCheck: boolean;
  verified: VerifiedHead | null;
}

const millis = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'object' && value !== null && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
    return (value as { toMillis: () => number }).toMillis();
  }
  return null;
};

const isSeq = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A stored head, or null when it is not one (no seq or hash): such a customer is checked from its first entry and reported. */
export function readCheckedHead(userId: string, data: Record<string, unknown> | undefined | null): CheckedHead | null {
  if (!data || !isSeq(data.seq) || typeof data.hash !== 'string') return null;
  const stored = data.verified as Record<string, unknown> | undefined | null;
  const verified =
    stored && isSeq(stored.seq) && typeof stored.hash === 'string'
      ? { seq: stored.seq, hash: stored.hash, balanceCents: typeof stored.balanceCents === 'number' ? stored.balanceCents : null, at: millis(stored.at) ?? 0 }
      : null;
  return {
    userId,
    seq: data.seq,
    hash: data.hash,
    balanceCents: typeof data.balanceCents === 'number' ? data.balanceCents : null,
    toCheck: data.toCheck === true,
    verified
  };
}

/** The seq after which the night reads a customer's entries: the last verified one, or 0 for a full re-read. */
export const readFrom = (head: CheckedHead, full: boolean): number => (full || !head.verified ? 0 : head.verified.seq);

/** What the host read for one customer. */
export interface CustomerReading {
  head: CheckedHead;
  /** The journal entries with seq above readFrom(head, full), as stored (times as the store keeps them). */
  entries: readonly ChainedEntry[];
  /** The customer's document, or null when there is none. */
  customer: Record<string, unknown> | null;
  /** Of the audit entries the entries read name, those that exist and cover users/{userId} (balanceCheck.ts's rule). */
  auditIds: ReadonlySet<string>;
  /** Re-read from the first entry (the rolling sample), not from the last verified head. */
  full: boolean;
}

/** One thing found wrong with a customer, in words, naming the document. */
export interface Finding {
  userId: string;
  path: string;
  /** journal: the chain is broken or an entry answers for nobody; balance: the stored balance is not the journal's. */
  kind: 'journal' | 'balance';
  reason: string;
}

export interface CustomerOutcome {
  userId: string;
  findings: Finding[];
  /**
   * What to store as the head's `verified`: the chain read is intact and every entry on it explained.
   * null leaves the last verified head as it is (the next night reads from it again).
   */
  verify: Omit<VerifiedHead, 'at'> | null;
  /** Whether toCheck may be cleared: nothing was found (a finding is reported again every night until it is resolved). */
  clear: boolean;
  /** Documents the host read for this customer (entries, head, customer, audit entries). */
  entriesRead: number;
}

const money = (cents: number) => formatUsd(fromCents(cents));

/**
 * One customer's check: the rule of the customer page's balance check (balanceCheck.ts), so the
 * night and the Figures card never disagree. The chain is verified from the last verified head (or
 * from genesis when re-read in full) to the stored head, every entry read must be Ledgerdesk's or
 * marked outside, and the stored balance must be the head's. The verified head moves on over an
 * intact, explained chain even when the balance differs: the chain is proven, and the drift is a
 * finding about the customer's document, reported again each night until it is put right.
 */
export function checkCustomer(reading: CustomerReading): CustomerOutcome {
  const { head, entries, customer, auditIds, full } = reading;
  const userId = head.userId;
  const check = checkBalance({
    userId,
    balance: customer?.balance,
    head: {
      seq: head.seq,
      hash: head.hash,
      balanceCents: head.balanceCents,
      verified: full || !head.verified ? null : { seq: head.verified.seq, hash: head.verified.hash, balanceCents: head.verified.balanceCents }
    },
    entries,
    auditsFound: auditIds
  });
  const verify = { seq: head.seq, hash: head.hash, balanceCents: head.balanceCents };
  const outcome = (findings: Finding[], verified: boolean): CustomerOutcome => ({
    userId,
    findings,
    verify: verified ? verify : null,
    clear: findings.length === 0,
    entriesRead: entries.length
  });
  switch (check.state) {
    case 'explained':
      return outcome([], true);
    case 'differs': {
      const reason =
        customer === null
          ? `The customer's document is gone, but the journal's last entry leaves a balance of ${money(head.balanceCents ?? 0)}.`
          : balanceSentence(check);
      return outcome([{ userId, path: `users/${userId}`, kind: 'balance', reason }], true);
    }
    case 'broken':
      return outcome([{ userId, path: check.path, kind: 'journal', reason: check.reason }], false);
    case 'noHead':
      return outcome([{ userId, path: `journalHeads/${userId}`, kind: 'journal', reason: balanceSentence(check) }], false);
  }
}

/** The rolling sample's size: a 30th of the customers (at least one while there are any), so 30 nights cover them all. */
export const sampleSize = (customers: number, nights = ROLLING_NIGHTS): number => (customers <= 0 ? 0 : Math.ceil(customers / nights));

/** The weekday setting as stored: 0-6, or null (no weekly full run) for anything else. */
export function fullRunWeekdayOf(settings: Record<string, unknown> | null | undefined): number | null {
  const value = settings?.[FULL_RUN_WEEKDAY_FIELD];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6 ? value : null;
}

export type NightKind = 'full' | 'changed';

/**
 * Which run a night starts: the full run on the weekday the settings name, or while no customer has a
 * head yet (the chained journal is not in place, so there is nothing to start from); else the changed customers only.
 */
export function nightKindOf(now: Date, settings: Record<string, unknown> | null | undefined, anyHead: boolean): NightKind {
  if (!anyHead) return 'full';
  return fullRunWeekdayOf(settings) === now.getUTCDay() ? 'full' : 'changed';
}

/** The platform's total as the heads explain it against the customers' stored balances. */
export interface PlatformTotal {
  headsCents: Cents;
  storedCents: Cents;
  /** null: they agree. */
  problem: string | null;
}

/**
 * One `sum(balanceCents)` over the heads against one `sum(balance)` over the customers (dollars, as
 * stored; text balances are left out by the sum and so show as a difference).
 */
export function platformTotalOf(headsCents: number, storedDollars: number): PlatformTotal {
  const storedCents = toCents(storedDollars);
  const heads = Math.round(headsCents);
  if (heads === storedCents) return { headsCents: heads, storedCents, problem: null };
  const difference = storedCents - heads;
  return {
    headsCents: heads,
    storedCents,
    problem: `The customers' balances add up to ${money(storedCents)}, ${money(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} than their journals explain (${money(heads)}).`
  };
}

/** What one night's changed-customers run found and read, as its run document keeps it. */
export interface ChangedRunSummary {
  /** Customers read because they changed (toCheck). */
  changed: number;
  /** Customers re-read in full by the rolling sample. */
  sampled: number;
  /** Customers with at least one finding. */
  withFindings: number;
  /** Findings in all, and the first FINDINGS_LISTED of them. */
  findingCount: number;
  findings: Finding[];
  /** Heads whose verified head moved on, and those left to-check because another write came meanwhile. */
  verified: number;
  movedMeanwhile: number;
  platformTotal: PlatformTotal;
  /** Where the rolling sample stopped (its next night starts after it; null: from the first customer again). */
  rollingCursor: string | null;
  /** Documents read in all, and those the rolling sample read (its merge, its heads, their journals from genesis). */
  reads: number;
  sampleReads: number;
}

export const emptySummary = (): ChangedRunSummary => ({
  changed: 0,
  sampled: 0,
  withFindings: 0,
  findingCount: 0,
  findings: [],
  verified: 0,
  movedMeanwhile: 0,
  platformTotal: { headsCents: 0, storedCents: 0, problem: null },
  rollingCursor: null,
  reads: 0,
  sampleReads: 0
});

/**
 * Adds one customer's outcome to the night's summary. A customer both changed and sampled is checked
 * twice (from its verified head, then from genesis): `seen` (kept by the caller for the night) counts
 * the customer, and each finding, once.
 */
export function countOutcome(summary: ChangedRunSummary, outcome: CustomerOutcome, seen: Set<string>): void {
  const fresh = outcome.findings.filter((finding) => {
    const key = `finding\n${finding.path}\n${finding.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (fresh.length === 0) return;
  if (!seen.has(`customer\n${outcome.userId}`)) summary.withFindings += 1;
  seen.add(`customer\n${outcome.userId}`);
  summary.findingCount += fresh.length;
  summary.findings.push(...fresh.slice(0, Math.max(0, FINDINGS_LISTED - summary.findings.length)));
}

/**
 * The bench's target for one night (docs/performance.md): the reads grow with what changed, not with
 * the customers. Per changed customer at most its head, one journal page (billed as one when empty)
 * and its document, plus per new entry the entry and the audit entry it names; what
 * the sample read; the three aggregations (count and two sums, one read per 1,000 index entries
 * each); and a constant for the cursor and the run's own documents.
 */
export const NIGHT_CONSTANT_READS = 50;
export const changedRunReadBound = (changedCustomers: number, newEntries: number, sampleReads: number, customers: number): number =>
  3 * changedCustomers + 2 * newEntries + sampleReads + 3 * Math.max(1, Math.ceil(customers / 1_000)) + NIGHT_CONSTANT_READS;
