import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { viewFromSearch, viewToSearch, type ReviewListView } from './view';

/**
 * The list's view, read from and written to the URL: each change is a history entry, so Back
 * returns to the previous view, and a reload or a copied link shows the same one.
 */
export function useListView<S extends string>(statuses: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => viewFromSearch(params, statuses), [params, statuses]);
  // Drawn at once, not in the router's usual transition: until the new view is on screen the filter bar
  // still holds the old one, so a second change made meanwhile (To typed right after From) was built on
  // it and dropped the first.
  const setFilters = useCallback((next: ReviewListView<S>) => setParams((current) => viewToSearch(next, current), { flushSync: true }), [setParams]);
  /** The link of another view of the list (a status tab), keeping the page's other params. */
  const linkTo = useCallback((next: ReviewListView<S>) => ({ search: `?${viewToSearch(next, params).toString()}` }), [params]);
  return { filters, setFilters, linkTo };
}
