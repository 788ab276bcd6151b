import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Result } from '@shared/result';
import { api, call } from '../../lib/api';
import { rootKeys } from '../../lib/query-keys';

/**
 * Customers as several screens read them (the customer panel, Manage Users, the Send Mail picker).
 * Under 'users', so anything that changes customers (status changes, Manage user) refreshes them.
 */
export const customerKeys = {
  all: rootKeys.users,
  card: (id: string) => [...rootKeys.users, 'card', id] as const,
  searches: () => [...rootKeys.users, 'search'] as const,
  search: (text: string) => [...customerKeys.searches(), text] as const
};

/**
 * A customer's record as a panel or dialog opens it: always re-read (the administrator opens it to
 * check what is there now), and a failure is toasted with `errorTitle`.
 */
export const openedRecordQuery = <T>(queryKey: QueryKey, read: () => Promise<Result<T>>, errorTitle: string) =>
  queryOptions({ queryKey, queryFn: () => call(read), staleTime: 0, meta: { errorTitle } });

export const customerCardQuery = (id: string) => openedRecordQuery(customerKeys.card(id), () => api().users.card({ id }), 'Failed to load the customer.');

export const useCustomerCard = (id: string) => useQuery(customerCardQuery(id));

/** Customers whose e-mail or name starts with the text; each screen adds when and how often it runs. */
export const customerSearchQuery = (text: string) =>
  queryOptions({
    queryKey: customerKeys.search(text),
    queryFn: () => call(() => api().users.search({ text }))
  });
