import { queryOptions } from '@tanstack/react-query';
import { api, call } from './api';
import { rootKeys } from './query-keys';

/**
 * settings/ledgerdesk (platformSettings.get): the Investment Plans screen edits it, the Investments
 * screen's Due tab reads whether Ledgerdesk pays matured investments here.
 */
export const platformSettingsKey = [...rootKeys.plans, 'platformSettings'] as const;

export const platformSettingsQuery = queryOptions({
  queryKey: platformSettingsKey,
  queryFn: () => call(() => api().platformSettings.get({})),
  meta: { errorTitle: 'Failed to load the platform settings.' }
});
