import { setInvestmentStatus } from '../statusChanges';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const investmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'investments'> => ({
  'investments.list': (query) => ctx.platform().lists.list('investments', query),
  'investments.counts': (filters) => ctx.platform().lists.counts('investments', filters),
  'investments.setStatus': (input) =>
    setInvestmentStatus(statusChange(ctx, 'investments.setStatus', input), input.id, input.status)
});
