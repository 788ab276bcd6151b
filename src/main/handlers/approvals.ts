import { approve, cancel, listApprovals, reject, type Apply, type ApprovalsDeps } from '../../core/approvals';
import type { ParsedInput } from '../../shared/contract';
import { operationOf } from '../../core/operations';
import { payOut } from '../../core/payouts';
import { changeRiskRules, changeSettings, changeWalletAddresses } from '../../core/settingsChanges';
import { changeStatusWith, type StatusRequest } from '../../core/statusChanges';
import { withdrawalRule } from '../../core/statusRules';
import { adjustUser, deleteUser } from '../../core/userChanges';
import { requirePassword, statusChangeContext, type HandlerContext, type NamespaceHandlers } from './context';
import { teamHandlers } from './team';

/**
 * The decisions a request can carry, by the contract method they were asked through, each applied
 * through the same use-case that method runs, in the approver's name, under their decide call's
 * operation. A method missing here cannot be approved (the request stays open, the approver is told).
 */
const applies = (ctx: HandlerContext): Record<string, Apply> => ({
  'withdrawals.setStatus': (applying, decision) =>
    changeStatusWith(withdrawalRule)(
      { ...statusChangeContext(ctx, 'approvals.decide', { operationId: applying.operation.id }), ...applying },
      decision as StatusRequest<never>
    ),
  'investments.payout': (applying, decision) =>
    payOut({ ...statusChangeContext(ctx, 'approvals.decide', { operationId: applying.operation.id }), ...applying }, decision as StatusRequest<'completed'>),
  // The settings documents (wallet addresses, risk rules, the policy itself): saved again through the same use-case, in the approver's name.
  'wallets.save': (applying, decision) =>
    changeWalletAddresses({ store: ctx.platform().store, actor: ctx.actor(), ...applying }, (decision as ParsedInput<'wallets.save'>).addresses),
  'riskRules.save': (applying, decision) =>
    changeRiskRules({ store: ctx.platform().store, actor: ctx.actor(), ...applying }, (decision as ParsedInput<'riskRules.save'>).rules),
  'platformSettings.save': (applying, decision) =>
    changeSettings({ store: ctx.platform().store, actor: ctx.actor(), ...applying }, (decision as ParsedInput<'platformSettings.save'>).changes),
  // The backend host's kinds (src/core/hostApprovals.ts): applied by calling the host with this request's id, which it checks and marks.
  'users.delete': (applying, decision) =>
    deleteUser({ ...ctx.platform(), actor: ctx.actor(), approval: applying.approval }, {
      ...decision,
      operationId: applying.operation.id
    } as ParsedInput<'users.delete'>),
  'team.invite': async (applying, decision) =>
    teamHandlers(ctx, applying)['team.invite']({ ...decision, operationId: applying.operation.id } as ParsedInput<'team.invite'>),
  'team.setRole': async (applying, decision) =>
    teamHandlers(ctx, applying)['team.setRole']({ ...decision, operationId: applying.operation.id } as ParsedInput<'team.setRole'>),
  'team.disable': async (applying, decision) =>
    teamHandlers(ctx, applying)['team.disable']({ ...decision, operationId: applying.operation.id } as ParsedInput<'team.disable'>),
  'users.adjust': (applying, decision) => adjustUser({ store: ctx.platform().store, actor: ctx.actor(), ...applying }, decision as ParsedInput<'users.adjust'>)
});

export const approvalsHandlers = (ctx: HandlerContext): NamespaceHandlers<'approvals'> => {
  const deps = (): ApprovalsDeps => ({ store: ctx.platform().store, actor: ctx.actor(), apply: applies(ctx) });
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
