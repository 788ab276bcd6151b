import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MethodName } from '../../../shared/methods';
import type { Result } from '../../../shared/result';
import { call, errorMessage } from './api';
import { asOneAction } from './operations';
import { notify } from './notify';

/** A stored setting (the plans, the wallet addresses), read once and shared by its screen's parts. */
export const useSetting = <T>(key: QueryKey, read: () => Promise<Result<T>>, errorTitle: string) =>
  useQuery({ queryKey: key, queryFn: () => call(read), meta: { errorTitle } });

/** How a setting is saved: the contract method (the operation's name), the call, and its two toasts. */
interface SettingSave<I extends object> {
  method: MethodName;
  save: (input: I, operationId: string) => Promise<Result<unknown>>;
  succeeded: string;
  failed: string;
}

/**
 * Saving a setting (a plan, the wallet addresses): one administrator action with its operationId,
 * a toast either way, and the stored setting read again afterwards so the screen compares with
 * what is stored now.
 */
export function useSettingSave<I extends object>(options: SettingSave<I> & { key: QueryKey }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => asOneAction(options.method, input, (operationId) => call(() => options.save(input, operationId))),
    onSuccess: () => notify.success(options.succeeded),
    onError: (error) => notify.error(options.failed, errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: options.key })
  });
}

/**
 * A setting its screen reads and saves whole (the plans, the wallet addresses, the risk rules): both
 * hooks share the one key, so a save reads again exactly what the screen shows. `loadFailed` titles
 * the screen's error state.
 */
export function storedSetting<T, I extends object>(setting: SettingSave<I> & { key: QueryKey; read: () => Promise<Result<T>>; loadFailed: string }) {
  const { key, read, loadFailed, ...saving } = setting;
  return {
    loadFailed,
    useStored: () => useSetting(key, read, loadFailed),
    useSave: () => useSettingSave({ key, ...saving })
  };
}
