import { setCompoundInvestmentStatus } from '../statusChanges';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const compoundInvestmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'compoundInvestments'> => ({
  'compoundInvestments.list': (at) => ctx.platform().lists.compoundInvestments(at),
  'compoundInvestments.setStatus': (input) =>
    setCompoundInvestmentStatus(statusChange(ctx, 'compoundInvestments.setStatus', input), input.id, input.status)
});
