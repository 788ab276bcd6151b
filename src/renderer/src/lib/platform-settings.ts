import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformSettingsChanges } from '../../../shared/domain/platformSettings';
import { api, call } from './api';
import { rootKeys } from './query-keys';
import { useWhyNot } from './role';
import { useSettingSave } from './settings';

/**
 * settings/ledgerdesk (platformSettings.get): the Investment Plans screen edits who pays matured
 * investments, the E-mail queue who delivers e-mails, the Reconciliation screen the nightly run's hour.
 */
export const platformSettingsKey = [...rootKeys.plans, 'platformSettings'] as const;

export const platformSettingsQuery = queryOptions({
  queryKey: platformSettingsKey,
  queryFn: () => call(() => api().platformSettings.get({})),
  meta: { errorTitle: 'Failed to load the platform settings.' }
});

/** Saves some of the platform settings (settings/ledgerdesk), audited; read again afterwards. */
export const useSavePlatformSettings = () =>
  useSettingSave({
    method: 'platformSettings.save',
    key: platformSettingsKey,
    save: (changes: PlatformSettingsChanges, operationId) => api().platformSettings.save({ changes, operationId }),
    succeeded: 'Platform settings saved.',
    failed: 'Failed to save the platform settings.'
  });

/**
 * A screen's control of platform settings: what is stored, its save, and why the signed-in role may
 * not change them (they are an owner's: govern), else null; other roles see the values, disabled.
 */
export function usePlatformSettingsControl() {
  const settings = useQuery(platformSettingsQuery);
  const save = useSavePlatformSettings();
  const lockedBecause = useWhyNot('govern');
  return { settings, save, lockedBecause };
}
