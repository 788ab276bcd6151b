import type { WalletAddresses } from '@shared/domain/wallets';
import { api } from '../../../lib/api';
import { storedSetting } from '../../../lib/settings';
import { rootKeys } from '../../../lib/query-keys';

/** settings/walletAddresses: saving overwrites them; the stored addresses are read again afterwards. */
export const storedWallets = storedSetting({
  key: rootKeys.wallets,
  read: () => api().wallets.get({}),
  loadFailed: 'Error fetching wallet addresses.',
  method: 'wallets.save',
  save: (addresses: WalletAddresses, operationId) => api().wallets.save({ addresses, operationId }),
  succeeded: 'Wallet addresses updated successfully.',
  failed: 'Failed to update wallet addresses.'
});
