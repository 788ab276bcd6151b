import type { MoneyFilters } from '../../shared/queries/lists';
import type { PendingCounts } from '../../shared/schemas/live';
import type { MoneyListName, MoneyRows } from './moneyLists';

export type LiveRow = MoneyRows[MoneyListName];

/** One record of a watched window, with the value it sorts by (an ISO date, or the amount). */
export interface WindowEntry {
  row: LiveRow;
  at: string | number | null;
}

/** What a listener saw: the window's records in order, and whether Firestore could not be reached. */
export interface WindowSnapshot {
  entries: WindowEntry[];
  fromCache: boolean;
}

export interface Listening<S> {
  next(snapshot: S): void;
  error(error: Error): void;
}

/** Firestore listeners (src/main/firebase/liveFeed.ts); each returns its stop function. */
export interface LiveFeed {
  /** The first `size` records of a filtered money list, in its order, as they change. */
  watchWindow(name: MoneyListName, filters: MoneyFilters, size: number, on: Listening<WindowSnapshot>): () => void;
  /** The customers whose KYC waits for review (a window of them: a change wakes the counts). */
  watchKycQueue(on: Listening<{ fromCache: boolean; changed: boolean }>): () => void;
  /** A record as it is now, or null when it was deleted. */
  current(name: MoneyListName, id: string): Promise<LiveRow | null>;
  /** Pending deposits, pending withdrawals, pending KYC reviews, investments due and open approval requests, by aggregation. */
  pendingCounts(): Promise<Omit<PendingCounts, 'asOf'>>;
  /** Listeners open now (tests prove they are released). */
  openListeners(): number;
}
