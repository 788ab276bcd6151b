import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { customerKeys, customerSearchQuery } from '../../../modules/customers/customer-queries';
import type { CustomerRow } from '@shared/contract';
import { pagedQuery, pageFetcher, type PageFetcher } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';
import { usersInput, type CustomersView } from '../filters';

/** Everything under 'users' refreshes when a money change elsewhere moves a customer's figures. */
export const customerListKeys = {
  ...customerKeys,
  /** Every cached users list, one per view (filters and order). */
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (view: CustomersView) => [...customerListKeys.lists(), view] as const,
  counts: () => [...customerKeys.all, 'count'] as const,
  count: (view: CustomersView) => [...customerListKeys.counts(), view] as const,
  verificationCounts: () => [...customerKeys.all, 'verificationCounts'] as const,
  passwordNotice: () => [...customerKeys.all, 'passwordNotice'] as const
};

/** A page of the view's customers: 100 for the screen, 500 for Export CSV. */
export const usersFetcher = (view: CustomersView): PageFetcher<CustomerRow> => pageFetcher((input) => api().users.list({ ...input, ...usersInput(view) }));

/**
 * The view's customers, page by page. A view Firestore cannot list (customers without KYC) is
 * never asked for: the page says why instead.
 */
export const useCustomers = (view: CustomersView, listable: boolean) =>
  useInfiniteQuery({ ...pagedQuery(customerListKeys.list(view), usersFetcher(view), 'Failed to fetch users.'), enabled: listable });

/** "of N customers": asked separately, so the first page of rows never waits for two counts. */
export const useCustomersCount = (view: CustomersView, listable: boolean) =>
  useQuery({
    queryKey: customerListKeys.count(view),
    queryFn: () => call(() => api().users.count(usersInput(view))),
    enabled: listable,
    meta: { silent: true }
  });

/** The filter chips' counts: all, verified yes / no, and per KYC status (customers without KYC too). */
export const useVerificationCounts = () =>
  useQuery({
    queryKey: customerListKeys.verificationCounts(),
    queryFn: () => call(() => api().users.verificationCounts({})),
    meta: { silent: true }
  });

/** Firestore's e-mail prefix / name prefix search; only runs once the administrator presses Enter. */
export const useSearchAllCustomers = (text: string | null) =>
  useQuery({
    ...customerSearchQuery(text ?? ''),
    enabled: text !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not search all customers.' }
  });

/** How many customer documents still carry a plain-text password field (an aggregation, no reads). */
export const usePasswordNotice = () =>
  useQuery({
    queryKey: customerListKeys.passwordNotice(),
    queryFn: () => call(() => api().users.passwordNotice({})),
    staleTime: 5 * 60_000,
    // A security hint, not the screen's purpose: its failure should not interrupt the administrator.
    meta: { silent: true }
  });

// Manage, Verify, KYC and Delete (their writes and the cache updates) live in components/users/user-actions.ts:
// the customer's page uses them too.
