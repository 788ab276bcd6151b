import type { DailySnapshot } from '../../shared/domain/dailySnapshot';

/** The money's daily snapshots (src/main/firebase/dailySnapshots.ts). */
export interface DailySnapshots {
  /** The snapshots of `first` and the days after it, oldest first: one query, one document read per day that has one. */
  since(first: string): Promise<DailySnapshot[]>;
  /** Whether `day` already has its snapshot (one document read). */
  has(day: string): Promise<boolean>;
  /** The snapshot of `day`, its flows over the day in `timeZone`, its owed figures asked now: aggregations only. */
  figures(day: string, timeZone: string, now: Date): Promise<DailySnapshot>;
}
