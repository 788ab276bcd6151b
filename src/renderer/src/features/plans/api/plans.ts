import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanInput } from '../../../../../shared/domain/plans';
import { api, call } from '../../../lib/api';
import { useSettingSave } from '../../../lib/settings-mutation';
import { rootKeys } from '../../../lib/query-keys';

export const LOAD_FAILED = 'Error fetching investment plans.';

const plansQuery = queryOptions({
  queryKey: rootKeys.plans,
  queryFn: () => call(() => api().plans.list({})),
  meta: { errorTitle: LOAD_FAILED }
});

export const usePlans = () => useQuery(plansQuery);

/** Saves one plan; the list is read again so every row compares with what is stored now. */
export const useUpdatePlan = () =>
  useSettingSave({
    method: 'plans.update',
    key: rootKeys.plans,
    save: (plan: PlanInput & { id: string }, operationId) => api().plans.update({ ...plan, operationId }),
    succeeded: 'Plan updated successfully.',
    failed: 'Failed to update plan.'
  });
