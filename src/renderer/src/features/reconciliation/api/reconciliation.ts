import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriftedCustomerRow, ReconciliationRun } from '@shared/contract';
import { pagedQuery, type PageFetcher, cursorInput } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';
import { notify } from '../../../lib/notify';

const root = ['reconciliation'] as const;
const latestKey = [...root, 'latest'] as const;

/** The newest run (or null before the first); followed every second while it runs. */
export const useLatestRun = () =>
  useQuery({
    queryKey: latestKey,
    queryFn: async () => (await call(() => api().reconciliation.runs({ pageSize: 1 }))).rows[0] ?? null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1_000 : false),
    meta: { silent: true }
  });

/** Every run, newest first: the desktop's and the server's (the nightly one, or Start where the functions run it). */
export const runsFetcher: PageFetcher<ReconciliationRun> = (cursor, pageSize) =>
  call(() => api().reconciliation.runs({ ...cursorInput(cursor), ...(pageSize ? { pageSize } : {}) }));

export const useRuns = (latest: ReconciliationRun | null) =>
  useInfiniteQuery({
    // Read again when the newest run changes state or moves on, so the list agrees with the summary above it.
    ...pagedQuery([...root, 'runs', latest?.id ?? '', latest?.state ?? '', latest?.totals.customers ?? 0], runsFetcher),
    meta: { silent: true }
  });

/** A page of a run's drifted customers, as rows with an id (the customer's). */
export type DriftedRow = DriftedCustomerRow & { id: string };

export const driftedFetcher =
  (runId: string): PageFetcher<DriftedRow> =>
  async (cursor, pageSize) => {
    const page = await call(() => api().reconciliation.drifted({ id: runId, ...cursorInput(cursor), ...(pageSize ? { pageSize } : {}) }));
    return { ...page, rows: page.rows.map(asRow) };
  };

const asRow = (row: DriftedCustomerRow): DriftedRow => ({ ...row, id: row.userId });

export const useDrifted = (run: ReconciliationRun | null) =>
  useInfiniteQuery({
    ...pagedQuery([...root, 'drifted', run?.id ?? '', run?.totals.drifted ?? 0], (cursor) => driftedFetcher(run?.id ?? '')(cursor)),
    enabled: run !== null,
    meta: { silent: true }
  });

type RunAction = { kind: 'start'; operationId: string } | { kind: 'stop' | 'resume'; id: string };

/** Start (audited, with its own operationId), Stop and Resume; each answers the run, shown at once. */
export function useRunAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RunAction) =>
      call(() =>
        action.kind === 'start'
          ? api().reconciliation.start({ operationId: action.operationId })
          : action.kind === 'stop'
            ? api().reconciliation.stop({ id: action.id })
            : api().reconciliation.resume({ id: action.id })
      ),
    onSuccess: (run) => queryClient.setQueryData(latestKey, run),
    onError: (error) => notify.error('Reconciliation', error instanceof Error ? error.message : undefined),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: root })
  });
}
