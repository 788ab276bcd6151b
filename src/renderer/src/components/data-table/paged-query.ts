import { infiniteQueryOptions, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@shared/contract';
import type { Result } from '@shared/result';
import { call } from '../../lib/api';

/**
 * A list the server pages by cursor (Load More): pages are fetched one after another and kept
 * in order; the first page also says how many records exist. Without errorTitle a failure toasts
 * the bare reason (or nothing, when the caller's meta says silent).
 */
export function pagedQuery<T>(queryKey: QueryKey, fetchPage: (cursor: string | null) => Promise<Page<T>>, errorTitle?: string) {
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, string | null>, QueryKey, string | null>({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { errorTitle }
  });
}

/**
 * Shows a change in one row at once, on whichever loaded page holds it, in every cached list
 * under `key` (one per filter set: the same record can be in "All" and in "Pending").
 */
export function patchPagedRow<T extends { id: string }>(queryClient: QueryClient, key: QueryKey, id: string, patch: Partial<T>) {
  queryClient.setQueriesData<InfiniteData<Page<T>, unknown>>({ queryKey: key }, (data) =>
    data && Array.isArray(data.pages)
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            rows: page.rows.map((row) => (row.id === id ? { ...row, ...patch } : row))
          }))
        }
      : data
  );
}

/** The cursor input of a list method: none for the first page. */
export const cursorInput = (cursor: string | null) => (cursor ? { cursor } : {});

/** One page of a list method: the screen's own page size, or `pageSize` (Export CSV asks for 500). */
export type PageFetcher<Row> = (cursor: string | null, pageSize?: number) => Promise<Page<Row>>;

type ListMethod<Row> = (input: { cursor?: string; pageSize?: number }) => Promise<Result<Page<Row>>>;

/** The fetcher of a list method, e.g. `pageFetcher((input) => api().deposits.list(input))`. */
export const pageFetcher =
  <Row>(list: ListMethod<Row>): PageFetcher<Row> =>
  (cursor, pageSize) =>
    call(() => list({ ...cursorInput(cursor), ...(pageSize ? { pageSize } : {}) }));
