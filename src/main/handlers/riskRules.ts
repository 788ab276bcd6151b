import { operationOf } from '../../core/operations';
import { changeRiskRules } from '../../core/settingsChanges';
import { requirePassword, type HandlerContext, type NamespaceHandlers } from './context';

/** settings/riskRules: read by anyone signed in; changed only with the password confirmed within the step-up window. */
export const riskRulesHandlers = (ctx: HandlerContext): NamespaceHandlers<'riskRules'> => ({
  'riskRules.get': () => ctx.platform().settings.riskRules(),
  'riskRules.save': (input) => {
    requirePassword(ctx);
    return changeRiskRules({ store: ctx.platform().store, actor: ctx.actor(), operation: operationOf('riskRules.save', input) }, input.rules);
  }
});
