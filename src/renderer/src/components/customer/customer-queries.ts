import { queryOptions, useQuery } from '@tanstack/react-query';
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

export const customerCardQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.card(id),
    queryFn: () => call(() => api().users.card({ id })),
    // Always re-read when the panel opens: totals are what the admin opens it to check.
    staleTime: 0,
    meta: { errorTitle: 'Failed to load the customer.' }
  });

export const useCustomerCard = (id: string) => useQuery(customerCardQuery(id));

/** Customers whose e-mail or name starts with the text; each screen adds when and how often it runs. */
export const customerSearchQuery = (text: string) =>
  queryOptions({
    queryKey: customerKeys.search(text),
    queryFn: () => call(() => api().users.search({ text }))
  });
