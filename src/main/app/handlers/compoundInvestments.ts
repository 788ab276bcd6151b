import { setCompoundInvestmentStatus } from '../statusChanges';
import { previewCompoundInvestmentStatus } from '../statusPreviews';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const compoundInvestmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'compoundInvestments'> => ({
  'compoundInvestments.list': (query) => ctx.platform().lists.list('compoundInvestments', query),
  'compoundInvestments.counts': (filters) => ctx.platform().lists.counts('compoundInvestments', filters),
  'compoundInvestments.setStatus': (input) =>
    setCompoundInvestmentStatus(statusChange(ctx, 'compoundInvestments.setStatus', input), input.id, input.status, input.version),
  'compoundInvestments.preview': (input) => previewCompoundInvestmentStatus(ctx.platform(), input.id, input.status)
});
