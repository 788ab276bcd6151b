import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { customerKeys, customerSearchQuery } from '../../../components/customer/customer-queries';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';

/** Everything under 'users' refreshes when a money change elsewhere moves a customer's figures. */
export const userKeys = {
  ...customerKeys,
  list: () => [...customerKeys.all, 'list'] as const,
  count: () => [...customerKeys.all, 'count'] as const,
  passwordNotice: () => [...customerKeys.all, 'passwordNotice'] as const
};

/** A page of customers: 100 for the screen, 500 for Export CSV. */
export const fetchUsers = pageFetcher((input) => api().users.list(input));

const usersQuery = pagedQuery(userKeys.list(), (cursor) => fetchUsers(cursor), 'Failed to fetch users.');

export const useUsers = () => useInfiniteQuery(usersQuery);

/** "of N customers": asked separately, so the first page of rows never waits for two counts. */
export const useUsersCount = () =>
  useQuery({
    queryKey: userKeys.count(),
    queryFn: () => call(() => api().users.count({})),
    meta: { silent: true }
  });

/** Firestore's e-mail prefix / name prefix search; only runs once the administrator presses Enter. */
export const useUserSearch = (text: string | null) =>
  useQuery({
    ...customerSearchQuery(text ?? ''),
    enabled: text !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not search all customers.' }
  });

/** How many customer documents still carry a plain-text password field (an aggregation, no reads). */
export const usePasswordNotice = () =>
  useQuery({
    queryKey: userKeys.passwordNotice(),
    queryFn: () => call(() => api().users.passwordNotice({})),
    staleTime: 5 * 60_000,
    // A security hint, not the screen's purpose: its failure should not interrupt the administrator.
    meta: { silent: true }
  });

// Manage, Verify, KYC and Delete (their writes and the cache updates) live in components/users/user-actions.ts:
// the customer's page uses them too.
