import { setDepositStatus } from '../statusChanges';
import { previewDepositStatus } from '../statusPreviews';
import { statusChange, type HandlerContext, type NamespaceHandlers } from './context';

export const depositsHandlers = (ctx: HandlerContext): NamespaceHandlers<'deposits'> => ({
  'deposits.list': (query) => ctx.platform().lists.list('deposits', query),
  'deposits.counts': (filters) => ctx.platform().lists.counts('deposits', filters),
  'deposits.setStatus': (input) => setDepositStatus(statusChange(ctx, 'deposits.setStatus', input), input.id, input.status, input.version),
  'deposits.preview': (input) => previewDepositStatus(ctx.platform(), input.id, input.status)
});
