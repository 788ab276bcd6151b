import { setInvestmentStatus } from '../statusChanges';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const investmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'investments'> => ({
  'investments.list': (at) => ctx.platform().lists.investments(at),
  'investments.setStatus': (input) =>
    setInvestmentStatus(statusChange(ctx, 'investments.setStatus', input), input.id, input.status)
});
