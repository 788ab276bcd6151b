import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api } from '../../../lib/api';
import { listKeys, rootKeys } from '../../../lib/query-keys';

export const referralKeys = listKeys(rootKeys.referrals);

/** A page of referrals: the screen's page size, 500 for Export CSV. */
export const fetchReferrals = pageFetcher((input) => api().referrals.list(input));

/** Newest first, `pageSize` per page (10 unless chosen); the page announces its own failure ("Failed to load referrals: ..."). */
export const useReferrals = (pageSize: number, enabled: boolean) =>
  useInfiniteQuery({
    ...pagedQuery(referralKeys.filtered({ pageSize }), (cursor) => fetchReferrals(cursor, pageSize)),
    enabled,
    meta: { silent: true }
  });
