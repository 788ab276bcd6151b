import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QueueCounts } from '../../../../../shared/schemas/live';
import { api, call } from '../../../lib/api';
import { useConnection, useMainEvent } from '../../../lib/live-events';
import { rootKeys } from '../../../lib/query-keys';

const queueCountsQuery = queryOptions({
  queryKey: [...rootKeys.app, 'queueCounts'],
  queryFn: () => call(() => api().live.queueCounts({})),
  // The main process pushes new counts when its listeners see a change; nothing to poll.
  staleTime: Number.POSITIVE_INFINITY,
  meta: { silent: true }
});

/**
 * The sidebar's pending counts: asked once, then pushed by the main process (at most every 10 s
 * while the queues change), and asked again whenever the window comes back into focus.
 */
export function useQueueCounts(): QueueCounts | undefined {
  const queryClient = useQueryClient();
  const setOnline = useConnection((state) => state.setOnline);
  const counts = useQuery(queueCountsQuery);
  useMainEvent('live.queueCounts', (next) => queryClient.setQueryData(queueCountsQuery.queryKey, next));
  useMainEvent('live.connection', ({ online }) => setOnline(online));
  useEffect(() => {
    const refresh = () => void queryClient.refetchQueries({ queryKey: queueCountsQuery.queryKey });
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient]);
  return counts.data;
}
