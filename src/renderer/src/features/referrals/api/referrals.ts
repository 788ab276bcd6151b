import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api } from '../../../lib/api';
import { listKeys, rootKeys } from '../../../lib/query-keys';

export const referralKeys = listKeys(rootKeys.referrals);

/** A page of referrals: 10 for the screen, 500 for Export CSV. */
export const fetchReferrals = pageFetcher((input) => api().referrals.list(input));

const referralsQuery = pagedQuery(referralKeys.list(), (cursor) => fetchReferrals(cursor));

/** 10 per page, newest first; the page announces its own failure ("Failed to load referrals: ..."). */
export const useReferrals = () => useInfiniteQuery({ ...referralsQuery, meta: { silent: true } });
