import { setDepositStatus } from '../statusChanges';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const depositsHandlers = (ctx: HandlerContext): NamespaceHandlers<'deposits'> => ({
  'deposits.list': (at) => ctx.platform().lists.deposits(at),
  'deposits.setStatus': (input) => setDepositStatus(statusChange(ctx, 'deposits.setStatus', input), input.id, input.status)
});
