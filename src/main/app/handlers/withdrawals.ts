import { withdrawalRisk } from '../risk';
import { withdrawalRule } from '../statusRules';
import type { HandlerContext, NamespaceHandlers } from './context';
import { moneyListHandlers } from './moneyList';

export const withdrawalsHandlers = (ctx: HandlerContext): NamespaceHandlers<'withdrawals'> => ({
  ...moneyListHandlers(ctx, 'withdrawals', withdrawalRule),
  'withdrawals.risk': (input: { id: string }) => withdrawalRisk(ctx.platform().store, (userId) => ctx.platform().notes.latest(userId), input.id)
});
