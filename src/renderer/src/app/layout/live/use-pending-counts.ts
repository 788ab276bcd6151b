import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PendingCounts } from '@shared/schemas/live';
import { useConnection, useMainEvent } from '../../../lib/live-events';
import { pendingCountsQuery } from '../../../lib/pending-counts';

/**
 * The sidebar's pending counts: asked once, then pushed by the main process (at most every 10 s
 * while the queues change), and asked again whenever the window comes back into focus.
 */
export function usePendingCounts(): PendingCounts | undefined {
  const queryClient = useQueryClient();
  const setOnline = useConnection((state) => state.setOnline);
  const counts = useQuery(pendingCountsQuery);
  useMainEvent('live.pendingCounts', (next) => queryClient.setQueryData(pendingCountsQuery.queryKey, next));
  useMainEvent('live.connection', ({ online }) => setOnline(online));
  useEffect(() => {
    const refresh = () => void queryClient.refetchQueries({ queryKey: pendingCountsQuery.queryKey });
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient]);
  return counts.data;
}
