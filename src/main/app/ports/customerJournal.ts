import type { Page } from '../../../shared/contract';
import type { JournalRecord } from '../../../shared/domain/journal';
import type { StatementPeriod } from '../../../shared/domain/statement';
import type { StoredTimestamp } from '../../../shared/domain/stored';
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
}
