import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MethodName } from '../../../shared/methods';
import type { Result } from '../../../shared/result';
import { call, errorMessage } from './api';
import { asOneAction } from './operations';
import { notify } from './notify';

/** A stored setting (the plans, the wallet addresses), read once and shared by its screen's parts. */
export const useSetting = <T>(key: QueryKey, read: () => Promise<Result<T>>, errorTitle: string) =>
  useQuery({ queryKey: key, queryFn: () => call(read), meta: { errorTitle } });

/**
 * Saving a setting (a plan, the wallet addresses): one administrator action with its operationId,
 * a toast either way, and the stored setting read again afterwards so the screen compares with
 * what is stored now.
 */
export function useSettingSave<I extends object>(options: {
  method: MethodName;
  key: QueryKey;
  save: (input: I, operationId: string) => Promise<Result<unknown>>;
  succeeded: string;
  failed: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => asOneAction(options.method, input, (operationId) => call(() => options.save(input, operationId))),
    onSuccess: () => notify.success(options.succeeded),
    onError: (error) => notify.error(options.failed, errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: options.key })
  });
}
