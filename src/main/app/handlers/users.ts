import { operationOf } from '../operations';
import { reconcileUser } from '../reconciliation';
import { adjustUser, decideUserKyc, deleteUser, verifyUser } from '../userChanges';
import type { HandlerContext, NamespaceHandlers } from './context';

/** Users, KYC, adjustments and deletion. Every write is one audited transaction (deletion: the backend host's). */
export function usersHandlers(ctx: HandlerContext): NamespaceHandlers<'users'> {
  const { platform } = ctx;
  const change = (method: 'users.adjust' | 'users.setVerified' | 'users.decideKyc', input: { operationId: string } & Record<string, unknown>) => {
    const store = platform().store;
    return { store, actor: ctx.actor(), operation: operationOf(method, input) };
  };
  return {
    'users.card': ({ id }) => platform().lists.userCard(id),
    'users.list': (query) => platform().users.list(query),
    'users.count': (filters) => platform().users.count(filters),
    'users.verificationCounts': () => platform().users.verificationCounts(),
    'users.profile': ({ id }) => platform().users.profile(id),
    'users.search': ({ text }) => platform().users.search(text),
    'users.passwordNotice': async () => ({ withPasswordField: await platform().users.countPasswordFields() }),
    'users.adjust': (input) => adjustUser(change('users.adjust', input), input),
    'users.setVerified': (input) => verifyUser(change('users.setVerified', input), input.id, input.verified),
    'users.kyc': ({ id }) => platform().users.kyc(id),
    'users.decideKyc': (input) => decideUserKyc(change('users.decideKyc', input), input.id, input.status),
    'users.delete': (input) => deleteUser(platform(), input),
    'users.reconcile': ({ id }) => reconcileUser(platform().reconciliation, id)
  };
}
