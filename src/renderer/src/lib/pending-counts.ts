import { queryOptions } from '@tanstack/react-query';
import { api, call } from './api';
import { rootKeys } from './query-keys';

/**
 * The waiting work the sidebar counts (pending deposits, pending withdrawals, KYC reviews,
 * investments due): asked once, then pushed by the main process as `live.pendingCounts`. Screens
 * that show one of these figures (the Investments screen's Due tab) read the same cache entry.
 */
export const pendingCountsQuery = queryOptions({
  queryKey: [...rootKeys.app, 'pendingCounts'],
  queryFn: () => call(() => api().live.pendingCounts({})),
  // The main process pushes new counts when its listeners see a change; nothing to poll.
  staleTime: Number.POSITIVE_INFINITY,
  meta: { silent: true }
});
