import { withdrawalRisk } from '../../core/risk';
import { withdrawalRule } from '../../core/statusRules';
import type { HandlerContext, NamespaceHandlers } from './context';
import { moneyListHandlers } from './moneyList';

export const withdrawalsHandlers = (ctx: HandlerContext): NamespaceHandlers<'withdrawals'> => ({
  ...moneyListHandlers(ctx, 'withdrawals', withdrawalRule),
  'withdrawals.risk': (input: { id: string }) => withdrawalRisk(ctx.platform().store, (userId) => ctx.platform().notes.latest(userId), input.id)
});
