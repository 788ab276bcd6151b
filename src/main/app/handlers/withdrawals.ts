import { setWithdrawalStatus } from '../statusChanges';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const withdrawalsHandlers = (ctx: HandlerContext): NamespaceHandlers<'withdrawals'> => ({
  'withdrawals.list': (at) => ctx.platform().lists.withdrawals(at),
  'withdrawals.setStatus': (input) =>
    setWithdrawalStatus(statusChange(ctx, 'withdrawals.setStatus', input), input.id, input.status)
});
