import { withdrawalRule } from '../statusRules';
import type { HandlerContext, NamespaceHandlers } from './context';
import { moneyListHandlers } from './moneyList';

export const withdrawalsHandlers = (ctx: HandlerContext): NamespaceHandlers<'withdrawals'> => moneyListHandlers(ctx, 'withdrawals', withdrawalRule);
