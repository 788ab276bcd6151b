import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletAddresses } from '../../../../../shared/domain/wallets';
import { api, call } from '../../../lib/api';
import { useSettingSave } from '../../../lib/settings-mutation';
import { rootKeys } from '../../../lib/query-keys';

export const LOAD_FAILED = 'Error fetching wallet addresses.';

const walletsQuery = queryOptions({
  queryKey: rootKeys.wallets,
  queryFn: () => call(() => api().wallets.get({})),
  meta: { errorTitle: LOAD_FAILED }
});

export const useWallets = () => useQuery(walletsQuery);

/** Overwrites settings/walletAddresses; the stored addresses are read again afterwards. */
export const useSaveWallets = () =>
  useSettingSave({
    method: 'wallets.save',
    key: rootKeys.wallets,
    save: (addresses: WalletAddresses, operationId) => api().wallets.save({ addresses, operationId }),
    succeeded: 'Wallet addresses updated successfully.',
    failed: 'Failed to update wallet addresses.'
  });
