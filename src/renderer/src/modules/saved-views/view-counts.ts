import { queryOptions } from '@tanstack/react-query';
import type { SavedView } from '@shared/contract';
import { kycStatuses } from '@shared/schemas/lists';
import { api, call } from '../../lib/api';
import { localTimeZone } from '../../lib/format';
import { rootKeys } from '../../lib/query-keys';
import type { ReviewLists } from '../review-list/lists-context';
import { countsInput, customerByOf, customerFilter, effectiveOrder, queryInput, viewFromSearch } from '../review-list/view';

/**
 * How many records a saved view holds now, by aggregation (the lists' own count methods): the
 * money lists' status counts within the view's customer and dates, or the customers matching its
 * verified and KYC filters. Its query key is the list's own counts key, so a decision that moves
 * the list refreshes the sidebar too. Null when it cannot be counted (a compound investments view
 * of a customer known only by id).
 */
export function viewCountQuery(view: SavedView, lists: ReviewLists) {
  const params = new URLSearchParams(view.search);
  if (view.screen === 'users') {
    // The users list's own parameters (features/customers/filters.ts writes them: verified=yes|no, kyc=<status>).
    const verified = params.get('verified');
    const kyc = kycStatuses.find((status) => status === params.get('kyc')) ?? null;
    const input = { ...(verified === 'yes' || verified === 'no' ? { verified: verified === 'yes' } : {}), ...(kyc ? { kyc } : {}) };
    return queryOptions({
      queryKey: [...rootKeys.users, 'viewCount', input],
      queryFn: async (): Promise<number | null> => (await call(() => api().users.count(input))).total
    });
  }
  const list = lists[view.screen];
  const filters = viewFromSearch(params, list.statuses);
  const { filter } = customerFilter(customerByOf(list.definition), { userId: filters.customer, email: filters.email });
  const counted = countsInput(queryInput(filters, effectiveOrder(list.definition, filters), filter, localTimeZone()));
  const unknowable = (filters.customer !== null || filters.email !== null) && filter === null;
  return queryOptions({
    queryKey: [...list.keys.counts(counted), 'view', filters.status],
    queryFn: async (): Promise<number | null> => {
      if (unknowable) return null;
      const counts = await list.counts(counted);
      return filters.status ? (counts.statuses[filters.status] ?? 0) : counts.all;
    }
  });
}
