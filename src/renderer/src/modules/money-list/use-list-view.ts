import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { viewFromSearch, viewToSearch, type MoneyListView } from './view';

/**
 * The list's view, read from and written to the URL: each change is a history entry, so Back
 * returns to the previous view, and a reload or a copied link shows the same one.
 */
export function useListView(statuses: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => viewFromSearch(params, statuses), [params, statuses]);
  const setFilters = useCallback((next: MoneyListView) => setParams((current) => viewToSearch(next, current)), [setParams]);
  /** The link of another view of the list (a status tab), keeping the page's other params. */
  const linkTo = useCallback((next: MoneyListView) => ({ search: `?${viewToSearch(next, params).toString()}` }), [params]);
  return { filters, setFilters, linkTo };
}
