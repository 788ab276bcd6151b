import type { WalletAddresses } from '../../../../../shared/domain/wallets';
import { api } from '../../../lib/api';
import { useSetting, useSettingSave } from '../../../lib/settings';
import { rootKeys } from '../../../lib/query-keys';

export const LOAD_FAILED = 'Error fetching wallet addresses.';

export const useWallets = () => useSetting(rootKeys.wallets, () => api().wallets.get({}), LOAD_FAILED);

/** Overwrites settings/walletAddresses; the stored addresses are read again afterwards. */
export const useSaveWallets = () =>
  useSettingSave({
    method: 'wallets.save',
    key: rootKeys.wallets,
    save: (addresses: WalletAddresses, operationId) => api().wallets.save({ addresses, operationId }),
    succeeded: 'Wallet addresses updated successfully.',
    failed: 'Failed to update wallet addresses.'
  });
