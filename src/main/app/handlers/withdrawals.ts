import { setWithdrawalStatus } from '../statusChanges';
import { previewWithdrawalStatus } from '../statusPreviews';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const withdrawalsHandlers = (ctx: HandlerContext): NamespaceHandlers<'withdrawals'> => ({
  'withdrawals.list': (query) => ctx.platform().lists.list('withdrawals', query),
  'withdrawals.counts': (filters) => ctx.platform().lists.counts('withdrawals', filters),
  'withdrawals.setStatus': (input) =>
    setWithdrawalStatus(statusChange(ctx, 'withdrawals.setStatus', input), input.id, input.status, input.version),
  'withdrawals.preview': (input) => previewWithdrawalStatus(ctx.platform(), input.id, input.status)
});
