import type { PlanInput } from '../../../../../shared/domain/plans';
import { api } from '../../../lib/api';
import { useSetting, useSettingSave } from '../../../lib/settings';
import { rootKeys } from '../../../lib/query-keys';
import { platformSettingsKey } from '../../../lib/platform-settings';
import type { PlatformSettings } from '../../../../../shared/domain/platformSettings';

export const LOAD_FAILED = 'Error fetching investment plans.';

export const usePlans = () => useSetting(rootKeys.plans, () => api().plans.list({}), LOAD_FAILED);

/** Saves one plan; the list is read again so every row compares with what is stored now. */
export const useUpdatePlan = () =>
  useSettingSave({
    method: 'plans.update',
    key: rootKeys.plans,
    save: (plan: PlanInput & { id: string }, operationId) => api().plans.update({ ...plan, operationId }),
    succeeded: 'Plan updated successfully.',
    failed: 'Failed to update plan.'
  });

/** Saves some of the platform settings (settings/ledgerdesk), audited; read again afterwards. */
export const useSavePlatformSettings = () =>
  useSettingSave({
    method: 'platformSettings.save',
    key: platformSettingsKey,
    save: (changes: Partial<PlatformSettings>, operationId) => api().platformSettings.save({ changes, operationId }),
    succeeded: 'Platform settings saved.',
    failed: 'Failed to save the platform settings.'
  });
