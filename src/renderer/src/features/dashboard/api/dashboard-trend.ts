import { queryOptions, useQuery } from '@tanstack/react-query';
import { TREND_DAYS } from '@shared/domain/dailySnapshot';
import { api, call } from '../../../lib/api';
import { dashboardKeys } from './dashboard-figures';

/** The money's daily snapshots of the last 90 days: one document read per day shown. */
export const dashboardTrendQuery = queryOptions({
  queryKey: [...dashboardKeys.all, 'trend', TREND_DAYS] as const,
  queryFn: () => call(() => api().dashboard.trend({ days: TREND_DAYS })),
  meta: { errorTitle: 'Failed to load the money’s trend' }
});

export const useDashboardTrend = () => useQuery(dashboardTrendQuery);
