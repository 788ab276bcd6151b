import { randomUUID } from 'node:crypto';
import type { Administrator, Trend } from '../shared/contract';
import { closedDay, DAILY_SNAPSHOTS, daysEndingWith, takeDailySnapshot } from '../shared/domain/dailySnapshot';
import { AppError } from '../shared/result';
import type { DailySnapshots } from './ports/dailySnapshots';
import type { LedgerStore } from './ports/ledgerStore';
import type { SettingsRepository } from './ports/settingsRepository';

export interface DailySnapshotDeps {
  snapshots: DailySnapshots;
  store: LedgerStore;
  settings: Pick<SettingsRepository, 'platformSettings'>;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

/** What the desktop's first opening of a day did: wrote the last finished day's snapshot, or found it there. */
export type SnapshotOutcome = { day: string; written: boolean };

/**
 * The desktop's side of the daily snapshot (docs/product-rules.md §10.7). Where the platform's
 * functions are not deployed, the first administrator to open the desktop on a day writes the last
 * finished day's snapshot, audited like any administrator write; a day that already has one (the
 * nightly function, another desktop) is kept, and this process asks at most once a day.
 */
export class DailySnapshotTaker {
  private askedFor: string | null = null;
  private readonly now: () => Date;

  constructor(private readonly deps: DailySnapshotDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Once per day per process, after sign-in: never throws (a snapshot missed is taken next time). */
  async afterSignIn(actor: Administrator): Promise<SnapshotOutcome | null> {
    try {
      return await this.take(actor);
    } catch (error) {
      this.askedFor = null;
      this.deps.log?.('The daily snapshot could not be taken; the next sign-in tries again.', error);
      return null;
    }
  }

  async take(actor: Administrator): Promise<SnapshotOutcome | null> {
    const now = this.now();
    const { timeZone } = await this.deps.settings.platformSettings();
    const day = closedDay(timeZone, now);
    if (this.askedFor === day) return null;
    this.askedFor = day;
    // One read when the day is already there: the figures' aggregations are asked only when needed.
    if (await this.deps.snapshots.has(day)) return { day, written: false };
    const snapshot = await this.deps.snapshots.figures(day, timeZone, now);
    try {
      await this.deps.store.transact({
        operation: { id: randomUUID(), fingerprint: `dailySnapshot:${day}` },
        actor,
        // Read inside the transaction: a writer that got there first since is found, and nothing is written.
        decide: async (read) => takeDailySnapshot(await read.get(`${DAILY_SNAPSHOTS}/${day}`), snapshot),
        answer: (changeset) => changeset.message
      });
      return { day, written: true };
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') return { day, written: false };
      throw error;
    }
  }
}

/** The zone furthest behind UTC: no platform's last finished day is earlier than its. */
const WESTMOST = 'Etc/GMT+12';

/**
 * The trend the dashboard draws: the stored snapshots of the last `days` finished days (one query,
 * one document per day that has one), and the days from the first of them up to the last finished
 * day in the zone they were taken in; a day without one is a gap, not a zero.
 */
export async function trendOf(snapshots: Pick<DailySnapshots, 'since'>, days: number, now: Date): Promise<Trend> {
  const found = await snapshots.since(daysEndingWith(closedDay(WESTMOST, now), days)[0]!);
  const newest = found.at(-1);
  if (!newest) return { days: [], snapshots: [] };
  const closed = closedDay(newest.timeZone, now);
  const window = daysEndingWith(closed > newest.day ? closed : newest.day, days);
  const kept = found.filter((s) => s.day >= window[0]!);
  const from = kept[0]?.day ?? newest.day;
  return { days: window.filter((day) => day >= from), snapshots: kept };
}
