import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromSearch, filtersToSearch, type MoneyFilters } from './filters';

/**
 * The list's filters, read from and written to the URL: each change is a history entry, so Back
 * returns to the previous view, and a reload or a copied link shows the same one.
 */
export function useMoneyFilters(statuses: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params, statuses), [params, statuses]);
  const setFilters = useCallback((next: MoneyFilters) => setParams((current) => filtersToSearch(next, current)), [setParams]);
  /** The link of another view of the list (a status tab), keeping the page's other params. */
  const linkTo = useCallback((next: MoneyFilters) => ({ search: `?${filtersToSearch(next, params).toString()}` }), [params]);
  return { filters, setFilters, linkTo };
}
