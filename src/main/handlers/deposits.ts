import { depositRisk } from '../../core/risk';
import { depositRule } from '../../core/statusRules';
import type { HandlerContext, NamespaceHandlers } from './context';
import { moneyListHandlers } from './moneyList';

export const depositsHandlers = (ctx: HandlerContext): NamespaceHandlers<'deposits'> => ({
  ...moneyListHandlers(ctx, 'deposits', depositRule),
  'deposits.risk': (input: { id: string }) => depositRisk(ctx.platform().store, (userId) => ctx.platform().notes.latest(userId), input.id)
});
