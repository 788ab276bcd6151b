import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api';
import { dashboardKeys } from './dashboard-figures';

export const CHART_DAYS = 30;

/** Successful deposits and approved withdrawals per day, summed by aggregation queries in main. */
export const dashboardDailyQuery = queryOptions({
  queryKey: dashboardKeys.daily(CHART_DAYS),
  queryFn: () => call(() => api().dashboard.daily({ days: CHART_DAYS })),
  meta: { errorTitle: 'Failed to load the 30-day chart' }
});

export const useDashboardDaily = () => useQuery(dashboardDailyQuery);
