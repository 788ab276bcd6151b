import type { WalletAddresses } from '@shared/domain/wallets';
import { api } from '../../../lib/api';
import { storedSetting } from '../../../lib/settings';
import { rootKeys } from '../../../lib/query-keys';

/** settings/walletAddresses: saving overwrites them; the stored addresses are read again afterwards. */
const wallets = storedSetting({
  key: rootKeys.wallets,
  read: () => api().wallets.get({}),
  loadFailed: 'Error fetching wallet addresses.',
  method: 'wallets.save',
  save: (addresses: WalletAddresses, operationId) => api().wallets.save({ addresses, operationId }),
  succeeded: 'Wallet addresses updated successfully.',
  failed: 'Failed to update wallet addresses.'
});

export const LOAD_FAILED = wallets.loadFailed;
export const useWallets = wallets.useStored;
export const useSaveWallets = wallets.useSave;
