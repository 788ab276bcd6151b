import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { Page } from '../../../../shared/contract';

/**
 * A list the server pages by cursor (Load More): pages are fetched one after another and kept
 * in order; the first page also says how many records exist.
 */
export function pagedQuery<T>(queryKey: QueryKey, fetchPage: (cursor: string | null) => Promise<Page<T>>, errorTitle: string) {
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, string | null>, QueryKey, string | null>({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { errorTitle }
  });
}

/** The cursor input of a list method: none for the first page. */
export const cursorInput = (cursor: string | null) => (cursor ? { cursor } : {});
