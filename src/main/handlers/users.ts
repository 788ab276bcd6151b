import { customerStatement, journalPage } from '../../core/journal';
import { operationOf } from '../../core/operations';
import { reconcileUser } from '../../core/reconciliation';
import { addNote, adjustUser, decideUserKyc, deleteUser, setSuspended, verifyUser } from '../../core/userChanges';
import { requirePassword, type HandlerContext, type NamespaceHandlers } from './context';

/** Users, KYC, notes, adjustments, suspension and deletion. Every write is one audited transaction (deletion and suspension: the backend host's). */
export function usersHandlers(ctx: HandlerContext): NamespaceHandlers<'users'> {
  const { platform } = ctx;
  const change = (
    method: 'users.adjust' | 'users.setVerified' | 'users.decideKyc' | 'users.addNote',
    input: { operationId: string } & Record<string, unknown>
  ) => {
    const store = platform().store;
    return { store, actor: ctx.actor(), operation: operationOf(method, input) };
  };
  return {
    'users.card': ({ id }) => platform().lists.customerCard(id),
    'users.list': (query) => platform().users.list(query),
    'users.count': (filters) => platform().users.count(filters),
    'users.verificationCounts': () => platform().users.verificationCounts(),
    'users.profile': ({ id }) => platform().users.profile(id),
    'users.search': ({ text }) => platform().users.search(text),
    'users.passwordNotice': async () => ({ withPasswordField: await platform().users.countPasswordFields() }),
    'users.adjust': (input) => adjustUser(change('users.adjust', input), input),
    'users.setVerified': (input) => verifyUser(change('users.setVerified', input), input.id, input.verified),
    'users.kyc': ({ id }) => platform().users.kyc(id),
    'users.decideKyc': (input) =>
      decideUserKyc({ ...change('users.decideKyc', input), platformName: platform().platformName, mailQueued: () => platform().mail.kick() }, input.id, {
        status: input.status,
        reason: input.reason ?? null,
        documents: input.documents ?? []
      }),
    'users.delete': (input) => {
      requirePassword(ctx);
      return deleteUser({ ...platform(), actor: ctx.actor() }, input);
    },
    'users.addNote': (input) => addNote(change('users.addNote', input), input.id, input.text),
    'users.notes': ({ id, cursor, pageSize }) => platform().notes.list(id, { cursor, pageSize }),
    'users.latestNote': async ({ id }) => {
      const note = await platform().notes.latest(id);
      // "No notes" only about a customer who exists: an unknown id is NOT_FOUND, as everywhere else.
      if (note === null) await platform().lists.customerCard(id);
      return { note };
    },
    'users.journal': (input) => journalPage(platform().journal, input),
    'users.statement': (input) => customerStatement(platform().journal, input),
    'users.suspend': (input) => {
      requirePassword(ctx);
      return setSuspended(platform(), input, true);
    },
    'users.unsuspend': (input) => {
      requirePassword(ctx);
      return setSuspended(platform(), input, false);
    },
    'users.suspendedAmong': (among) => platform().users.suspendedAmong(among),
    'users.reconcile': ({ id }) => reconcileUser(platform().reconciliation, platform().journal, id)
  };
}
