import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import type { MethodName } from '../../../shared/methods';
import type { Result } from '../../../shared/result';
import { call, errorMessage } from './api';
import { asOneAction } from './operations';
import { notify } from './notify';
import { paths } from './paths';
import { rootKeys } from './query-keys';

/** A stored setting (the plans, the wallet addresses), read once and shared by its screen's parts. */
export const useSetting = <T>(key: QueryKey, read: () => Promise<Result<T>>, errorTitle: string) =>
  useQuery({ queryKey: key, queryFn: () => call(read), meta: { errorTitle } });

/** What a save the approval policy covers tells its maker: it became a request, nothing changed. */
export const SENT_FOR_APPROVAL = 'Sent for approval: nothing changed yet';

/** Whether a save's answer is a request another administrator must approve (it names the request). */
export const sentForApproval = (answer: unknown): boolean =>
  typeof answer === 'object' && answer !== null && typeof (answer as { approvalRequestId?: unknown }).approvalRequestId === 'string';

/** Navigation where the save is used inside the router (always, in the app); null in a part drawn alone. */
function useGoTo(): ((to: string) => void) | null {
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useInRouterContext() ? useNavigate() : null;
}

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
  const goTo = useGoTo();
  return useMutation({
    mutationFn: (input: I) => asOneAction(options.method, input, (operationId) => call(() => options.save(input, operationId))),
    onSuccess: (answer) => {
      // The approval policy covers this save (docs/product-rules.md §15.6): asked, not applied.
      if (sentForApproval(answer)) {
        notify.success(SENT_FOR_APPROVAL, (answer as { message?: string }).message, { label: 'Open Approvals', onClick: () => goTo?.(paths.approvals) });
        void queryClient.invalidateQueries({ queryKey: rootKeys.approvals });
        return;
      }
      notify.success(options.succeeded);
    },
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
