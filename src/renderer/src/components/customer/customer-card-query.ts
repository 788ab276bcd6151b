import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../lib/api';

/** Under 'users', so anything that changes customers (status changes, Manage user) refreshes it. */
export const customerCardQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'card', id],
    queryFn: () => call(() => api().users.card({ id })),
    // Always re-read when the panel opens: totals are what the admin opens it to check.
    staleTime: 0,
    meta: { errorTitle: 'Failed to load the customer.' }
  });

export const useCustomerCard = (id: string) => useQuery(customerCardQuery(id));
