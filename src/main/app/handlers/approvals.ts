import { approve, cancel, listApprovals, reject, type ApprovalsDeps } from '../approvals';
import { operationOf } from '../operations';
import { changeStatusWith } from '../statusChanges';
import { withdrawalRule } from '../statusRules';
import { requirePassword, statusChangeContext, type HandlerContext, type NamespaceHandlers } from './context';

/** The decisions a request can carry, applied through the same use-case their method runs. */
const apply = { 'withdrawals.setStatus': changeStatusWith(withdrawalRule) } as ApprovalsDeps['apply'];

export const approvalsHandlers = (ctx: HandlerContext): NamespaceHandlers<'approvals'> => {
  const deps = (): ApprovalsDeps => ({
    store: ctx.platform().store,
    actor: ctx.actor(),
    // The approver's own context; the operation is their decide call's.
    context: (operation) => ({ ...statusChangeContext(ctx, 'approvals.decide', { operationId: operation.id }), operation }),
    apply
  });
  return {
    'approvals.list': async ({ state }) => ({ requests: await listApprovals(ctx.platform().store, state) }),
    'approvals.decide': (input) => {
      const operation = operationOf('approvals.decide', input);
      if (input.decision === 'reject') return reject(deps(), input.id, input.reason ?? '', operation);
      // Approving moves money on another administrator's word: the password, typed within the last minutes.
      requirePassword(ctx);
      return approve(deps(), input.id, operation);
    },
    // One cancellation per request: a second call (a lost reply) answers the first one's outcome.
    'approvals.cancel': ({ id }) => cancel(deps(), id, operationOf('approvals.cancel', { operationId: `cancel-${id}`, id }))
  };
};
