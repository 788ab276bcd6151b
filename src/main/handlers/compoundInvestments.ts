import { compoundInvestmentRule } from '../../core/statusRules';
import type { HandlerContext, NamespaceHandlers } from './context';
import { moneyListHandlers } from './moneyList';

export const compoundInvestmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'compoundInvestments'> =>
  moneyListHandlers(ctx, 'compoundInvestments', compoundInvestmentRule);
