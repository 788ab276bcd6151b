import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanInput } from '../../../../../shared/domain/plans';
import { api, call, errorMessage } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';
import { notify } from '../../../lib/notify';
import { rootKeys } from '../../../lib/query-keys';

export const LOAD_FAILED = 'Error fetching investment plans.';

const plansQuery = queryOptions({
  queryKey: rootKeys.plans,
  queryFn: () => call(() => api().plans.list({})),
  meta: { errorTitle: LOAD_FAILED }
});

export const usePlans = () => useQuery(plansQuery);

/** Saves one plan; the list is read again so every row compares with what is stored now. */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanInput & { id: string }) => asOneAction('plans.update', plan, (operationId) => call(() => api().plans.update({ ...plan, operationId }))),
    onSuccess: () => notify.success('Plan updated successfully.'),
    onError: (error) => notify.error('Failed to update plan.', errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.plans })
  });
}
