import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api';

export const dashboardSummaryQuery = queryOptions({
  queryKey: ['dashboard', 'summary'],
  queryFn: () => call(() => api().dashboard.summary({})),
  meta: { errorTitle: 'Failed to load the dashboard' }
});

export const useDashboardSummary = () => useQuery(dashboardSummaryQuery);
