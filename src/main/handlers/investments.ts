import { payOut, payoutPreview } from '../../core/payouts';
import { investmentRule } from '../../core/statusRules';
import { statusChangeContext, type HandlerContext, type NamespaceHandlers } from './context';
import { moneyListHandlers } from './moneyList';

export const investmentsHandlers = (ctx: HandlerContext): NamespaceHandlers<'investments'> => ({
  ...moneyListHandlers(ctx, 'investments', investmentRule),
  'investments.due': (at) => ctx.platform().due.page(at, new Date()),
  'investments.payoutPreview': ({ id, overrideReason }) => payoutPreview(ctx.platform(), id, 'completed', { overrideReason }),
  'investments.payout': (input) => payOut(statusChangeContext(ctx, 'investments.payout', input), { ...input, status: 'completed' })
});
