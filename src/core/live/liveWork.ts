import type { PendingCounts, WatchListInput } from '../../shared/schemas/live';

/** The live part of the platform the handlers use (src/core/live/live.ts). */
export interface LiveWork {
  /** Starts listening to the first page of a list on screen; its changes arrive as 'live.list' events. */
  watch(input: WatchListInput): string;
  unwatch(watchId: string): void;
  pendingCounts(): Promise<PendingCounts>;
}
