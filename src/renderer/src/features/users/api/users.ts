import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { userKeys, userSearchQuery } from '../../../modules/users/user-queries';
import type { UserRow } from '../../../../../shared/contract';
import { pagedQuery, pageFetcher, type PageFetcher } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';
import { usersInput, type UsersView } from '../filters';

/** Everything under 'users' refreshes when a money change elsewhere moves a customer's figures. */
export const userListKeys = {
  ...userKeys,
  /** Every cached users list, one per view (filters and order). */
  lists: () => [...userKeys.all, 'list'] as const,
  list: (view: UsersView) => [...userListKeys.lists(), view] as const,
  counts: () => [...userKeys.all, 'count'] as const,
  count: (view: UsersView) => [...userListKeys.counts(), view] as const,
  verificationCounts: () => [...userKeys.all, 'verificationCounts'] as const,
  passwordNotice: () => [...userKeys.all, 'passwordNotice'] as const
};

/** A page of the view's customers: 100 for the screen, 500 for Export CSV. */
export const usersFetcher = (view: UsersView): PageFetcher<UserRow> => pageFetcher((input) => api().users.list({ ...input, ...usersInput(view) }));

/**
 * The view's customers, page by page. A view Firestore cannot list (customers without KYC) is
 * never asked for: the page says why instead.
 */
export const useUsers = (view: UsersView, listable: boolean) =>
  useInfiniteQuery({ ...pagedQuery(userListKeys.list(view), usersFetcher(view), 'Failed to fetch users.'), enabled: listable });

/** "of N customers": asked separately, so the first page of rows never waits for two counts. */
export const useUsersCount = (view: UsersView, listable: boolean) =>
  useQuery({
    queryKey: userListKeys.count(view),
    queryFn: () => call(() => api().users.count(usersInput(view))),
    enabled: listable,
    meta: { silent: true }
  });

/** The filter chips' counts: all, verified yes / no, and per KYC status (customers without KYC too). */
export const useVerificationCounts = () =>
  useQuery({
    queryKey: userListKeys.verificationCounts(),
    queryFn: () => call(() => api().users.verificationCounts({})),
    meta: { silent: true }
  });

/** Firestore's e-mail prefix / name prefix search; only runs once the administrator presses Enter. */
export const useSearchAllUsers = (text: string | null) =>
  useQuery({
    ...userSearchQuery(text ?? ''),
    enabled: text !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not search all customers.' }
  });

/** How many customer documents still carry a plain-text password field (an aggregation, no reads). */
export const usePasswordNotice = () =>
  useQuery({
    queryKey: userListKeys.passwordNotice(),
    queryFn: () => call(() => api().users.passwordNotice({})),
    staleTime: 5 * 60_000,
    // A security hint, not the screen's purpose: its failure should not interrupt the administrator.
    meta: { silent: true }
  });

// Manage, Verify, KYC and Delete (their writes and the cache updates) live in components/users/user-actions.ts:
// the customer's page uses them too.
