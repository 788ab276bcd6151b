import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletAddresses } from '../../../../../shared/domain/wallets';
import { api, call, errorMessage } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';
import { notify } from '../../../lib/notify';
import { rootKeys } from '../../../lib/query-keys';

export const LOAD_FAILED = 'Error fetching wallet addresses.';

const walletsQuery = queryOptions({
  queryKey: rootKeys.wallets,
  queryFn: () => call(() => api().wallets.get({})),
  meta: { errorTitle: LOAD_FAILED }
});

export const useWallets = () => useQuery(walletsQuery);

/** Overwrites settings/walletAddresses; the stored addresses are read again afterwards. */
export function useSaveWallets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addresses: WalletAddresses) => asOneAction('wallets.save', { addresses }, (operationId) => call(() => api().wallets.save({ addresses, operationId }))),
    onSuccess: () => notify.success('Wallet addresses updated successfully.'),
    onError: (error) => notify.error('Failed to update wallet addresses.', errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.wallets })
  });
}
