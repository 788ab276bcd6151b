import type { PlanInput } from '@shared/domain/plans';
import { api } from '../../../lib/api';
import { storedSetting } from '../../../lib/settings';
import { rootKeys } from '../../../lib/query-keys';

/** The investment plans, saved one plan at a time; the list is read again so every row compares with what is stored now. */
export const storedPlans = storedSetting({
  key: rootKeys.plans,
  read: () => api().plans.list({}),
  loadFailed: 'Error fetching investment plans.',
  method: 'plans.update',
  save: (plan: PlanInput & { id: string }, operationId) => api().plans.update({ ...plan, operationId }),
  succeeded: 'Plan updated successfully.',
  failed: 'Failed to update plan.'
});
