import { setInvestmentStatus } from '../statusChanges';
import { previewInvestmentStatus } from '../statusPreviews';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const investmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'investments'> => ({
  'investments.list': (query) => ctx.platform().lists.list('investments', query),
  'investments.counts': (filters) => ctx.platform().lists.counts('investments', filters),
  'investments.setStatus': (input) =>
    setInvestmentStatus(statusChange(ctx, 'investments.setStatus', input), input.id, input.status, input.version),
  'investments.preview': (input) => previewInvestmentStatus(ctx.platform(), input.id, input.status)
});
