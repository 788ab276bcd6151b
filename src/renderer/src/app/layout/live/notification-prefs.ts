import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPrefs } from '@shared/schemas/live';
import { api, call } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';

export const notificationPrefsQuery = queryOptions({
  queryKey: [...rootKeys.app, 'notifications'],
  queryFn: () => call(() => api().notifications.get({})),
  staleTime: Number.POSITIVE_INFINITY
});

export const useNotificationPrefs = () => useQuery(notificationPrefsQuery).data;

/** Saves a change to the preferences file and shows it at once. */
export function useSetNotificationPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NotificationPrefs>) => call(() => api().notifications.set(change)),
    onSuccess: (prefs) => queryClient.setQueryData(notificationPrefsQuery.queryKey, prefs),
    meta: { errorTitle: 'Failed to save the notification settings.' }
  });
}
