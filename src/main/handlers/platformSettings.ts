import { operationOf } from '../../core/operations';
import { changeSettings } from '../../core/settingsChanges';
import { requirePassword, type HandlerContext, type NamespaceHandlers } from './context';

export const platformSettingsHandlers = (ctx: HandlerContext): NamespaceHandlers<'platformSettings'> => ({
  'platformSettings.get': () => ctx.platform().settings.platformSettings(),
  // It can switch requireTxid off and payouts on: saving needs the password confirmed within the step-up window, as wallet addresses do.
  'platformSettings.save': (input) => {
    requirePassword(ctx);
    return changeSettings({ store: ctx.platform().store, actor: ctx.actor(), operation: operationOf('platformSettings.save', input) }, input.changes);
  }
});
