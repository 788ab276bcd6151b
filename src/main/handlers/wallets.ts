import { operationOf } from '../../core/operations';
import { changeWalletAddresses } from '../../core/settingsChanges';
import { requirePassword, type HandlerContext, type NamespaceHandlers } from './context';

export const walletsHandlers = (ctx: HandlerContext): NamespaceHandlers<'wallets'> => ({
  'wallets.get': async () => ({ addresses: await ctx.platform().settings.walletAddresses() }),
  // Where every deposit goes: changing it needs the password confirmed within the step-up window.
  'wallets.save': (input) => {
    requirePassword(ctx);
    return changeWalletAddresses({ store: ctx.platform().store, actor: ctx.actor(), operation: operationOf('wallets.save', input) }, input.addresses);
  }
});
