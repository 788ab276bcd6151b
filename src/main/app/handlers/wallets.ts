import { operationOf } from '../operations';
import { changeWalletAddresses } from '../settingsChanges';
import type { HandlerContext, NamespaceHandlers } from './context';

export const walletsHandlers = ({ platform, actor }: HandlerContext): NamespaceHandlers<'wallets'> => ({
  'wallets.get': async () => ({ addresses: await platform().settings.walletAddresses() }),
  'wallets.save': (input) => changeWalletAddresses({ store: platform().store, actor: actor(), operation: operationOf('wallets.save', input) }, input.addresses)
});
