import { investmentRule } from '../statusRules';
import type { HandlerContext, NamespaceHandlers } from './context';
import { moneyListHandlers } from './moneyList';

export const investmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'investments'> => moneyListHandlers(ctx, 'investments', investmentRule);
