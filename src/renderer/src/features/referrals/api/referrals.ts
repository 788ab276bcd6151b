import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorInput, pagedQuery } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';

export const referralsListKey = ['referrals', 'list'];

const referralsQuery = pagedQuery(referralsListKey, (cursor) => call(() => api().referrals.list(cursorInput(cursor))));

/** 10 per page, newest first; the page announces its own failure ("Failed to load referrals: ..."). */
export const useReferrals = () => useInfiniteQuery({ ...referralsQuery, meta: { silent: true } });
