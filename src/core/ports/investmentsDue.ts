import type { InvestmentRow, Page } from '../../shared/contract';
import type { PageAt } from './paging';

/**
 * Active investments past maturity (src/main/firebase/investmentsDue.ts). Maturity is not stored,
 * so each answer runs one query per plan duration in use and merges them.
 */
export interface InvestmentsDue {
  /** Oldest maturity first, paged by cursor; each page reads at most (page size + 1) x the durations in use. */
  page(at: PageAt, now: Date): Promise<Page<InvestmentRow>>;
  /** How many are due at `now` (the sidebar's count). */
  count(now: Date): Promise<number>;
}
