import type { PlanInput } from '../../../../../shared/domain/plans';
import { api } from '../../../lib/api';
import { useSetting, useSettingSave } from '../../../lib/settings';
import { rootKeys } from '../../../lib/query-keys';

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
