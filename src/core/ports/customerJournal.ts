import type { Page } from '../../shared/contract';
import type { BalanceEvidence } from '../../shared/domain/balanceCheck';
import type { JournalRecord } from '../../shared/domain/journal';
import type { StatementPeriod } from '../../shared/domain/statement';
import type { StoredTimestamp } from '../../shared/domain/stored';
import type { PageAt } from './paging';

/** A customer's journal, written by the platform's functions, read here (src/main/firebase/customerJournal.ts). */
export interface CustomerJournal {
  /** Newest first; outsideOnly keeps the changes made outside Ledgerdesk. The first page also counts them. */
  page(userId: string, at: PageAt & { outsideOnly?: boolean }): Promise<Page<JournalRecord>>;
  /** Their oldest entry: when their journal begins. */
  first(userId: string): Promise<JournalRecord | null>;
  /** Their newest entry strictly before an instant. */
  lastBefore(userId: string, instant: StoredTimestamp): Promise<JournalRecord | null>;
  /** Whether the id names a customer, current or deleted and kept on record (a journal outlives its customer). */
  known(userId: string): Promise<boolean>;
  /** The entries that moved their balance within the period (from <= at < nextStart, at full precision), oldest first, at most `limit`. */
  balanceMoves(userId: string, period: StatementPeriod, limit: number): Promise<JournalRecord[]>;
  /**
   * What the Figures' balance check reads (src/shared/domain/balanceCheck.ts): the stored balance and
   * the head, read together so a write between them cannot show as drift; the chained entries after
   * the head's verified seq, up to its seq; and which audit entries they name exist for this customer.
   * null when there is no such customer. `reads`: documents read, as Firestore bills them.
   */
  balanceEvidence(userId: string): Promise<{ evidence: BalanceEvidence; reads: number } | null>;
}
