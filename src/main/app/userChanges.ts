import type { ParsedInput, SessionUser } from '../../shared/contract';
import type { Changeset, DocSnapshot } from '../../shared/domain/changeset';
import { adjustUserField, decideKyc, setUserVerified, USER_GONE_MESSAGE, type KycDecision } from '../../shared/domain/users';
import type { Result } from '../../shared/result';
import { requireIdToken } from './actor';
import type { Operation } from './operations';
import type { BackendHost } from './ports/backendHost';
import type { LedgerStore } from './ports/ledgerStore';
import { outcomeOf, required } from './reads';

/** One administrator's write to one user, as the store commits it. */
export interface UserChangeContext {
  store: LedgerStore;
  actor: SessionUser;
  operation: Operation;
}

/** Reads users/{id} in the transaction and lets a pure rule decide what to write. */
async function onUser(ctx: UserChangeContext, id: string, rule: (user: DocSnapshot) => Result<Changeset>) {
  const { answer } = await ctx.store.transact({
    operation: ctx.operation,
    actor: ctx.actor,
    decide: async (read) => {
      const user = await required(read, `users/${id}`, USER_GONE_MESSAGE);
      return user.ok ? rule(user.value) : user;
    },
    answer: outcomeOf
  });
  return answer;
}

export const adjustUser = (ctx: UserChangeContext, input: ParsedInput<'users.adjust'>) => onUser(ctx, input.id, (user) => adjustUserField(user, input));

export const verifyUser = (ctx: UserChangeContext, id: string, verified: boolean) => onUser(ctx, id, (user) => setUserVerified(user, verified));

export const decideUserKyc = (ctx: UserChangeContext, id: string, status: KycDecision) => onUser(ctx, id, (user) => decideKyc(user, status));

/**
 * The backend host deletes the sign-in account and the document (kept, with the reason, at
 * archivedUsers/{id}), and keeps the operationId as its Idempotency-Key; a user who still holds money or has open requests is refused as CONFLICT naming
 * the figures, unless force (the screen's second confirmation).
 */
export async function deleteUser(
  { backend, idToken }: { backend: BackendHost; idToken: () => Promise<string | null> },
  { id, operationId, force, reason }: ParsedInput<'users.delete'>
): Promise<{ message: string }> {
  const token = await requireIdToken(idToken);
  await backend.deleteUser(id, token, operationId, { force: force === true, reason });
  return { message: 'User has been deleted.' };
}
