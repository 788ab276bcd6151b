import { setCompoundInvestmentStatus } from '../statusChanges';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const compoundInvestmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'compoundInvestments'> => ({
  'compoundInvestments.list': (query) => ctx.platform().lists.list('compoundInvestments', query),
  'compoundInvestments.counts': (filters) => ctx.platform().lists.counts('compoundInvestments', filters),
  'compoundInvestments.setStatus': (input) =>
    setCompoundInvestmentStatus(statusChange(ctx, 'compoundInvestments.setStatus', input), input.id, input.status)
});
