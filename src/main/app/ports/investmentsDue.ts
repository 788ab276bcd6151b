import type { InvestmentRow, Page } from '../../../shared/contract';
import type { PageAt } from './paging';

/** What the investments due now owe, by aggregation (the dashboard's card). */
export interface DueOwed {
  count: number;
  /** Principal plus ROI of those whose amount and rate are finite numbers, in dollars. */
  owed: number;
  /** Due investments left out of `owed`: their amount or ROI is not a finite number. */
  leftOut: number;
}

/**
 * Active investments past maturity (src/main/firebase/investmentsDue.ts). Maturity is not stored,
 * so each answer runs one query per plan duration in use and merges them.
 */
export interface InvestmentsDue {
  /** Oldest maturity first, paged by cursor; each page reads at most (page size + 1) x the durations in use. */
  page(at: PageAt, now: Date): Promise<Page<InvestmentRow>>;
  /** How many are due at `now` (the sidebar's count). */
  count(now: Date): Promise<number>;
  owed(now: Date): Promise<DueOwed>;
}
