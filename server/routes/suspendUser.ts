// POST /api/suspendUser/:id and POST /api/unsuspendUser/:id: the administrator stops a customer (or lets them back in).
import type { FastifyInstance } from 'fastify';
import { firstProblem, suspensionBodySchema } from '../../src/shared/schemas/backendHost';
import type { BackendHostDeps } from '../deps';
import { requireAdministrator, requireCapability, requireRecentPassword, type VerifiedToken } from '../auth';
import { reasonOf } from '../errors';
import { fingerprintOf, idempotencyKeyOf, idempotent, KEY_REUSED, type Outcome } from '../operations';
import type { SuspensionEntry } from '../users';
import { customerIdProblem } from './deleteUser';

const ADMIN_REFUSED = "An administrator's account cannot be suspended here.";
export const NO_SIGN_IN_ACCOUNT_NOTE = 'The customer has no sign-in account: only their record was changed.';

type Direction = 'suspend' | 'unsuspend';

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The audit entry, shaped like the desktop app's: 'users/<id>.field' keys, the reason, the customer on it. */
export function suspensionAudit(
  id: string,
  data: Record<string, unknown>,
  caller: VerifiedToken,
  decision: { direction: Direction; reason: string; operationId: string | null; signInAccount: boolean }
): SuspensionEntry {
  const path = `users/${id}`;
  const who = nonEmpty(data.fullname) ?? nonEmpty(data.email) ?? id;
  const suspended = decision.direction === 'suspend';
  return {
    kind: 'user',
    action: suspended ? 'user.suspend' : 'user.unsuspend',
    entityPath: path,
    summary: suspended ? `Customer ${who} suspended` : `Suspension of ${who} lifted`,
    before: { [`${path}.suspended`]: data.suspended === true },
    after: { [`${path}.suspended`]: suspended },
    notes: decision.signInAccount
      ? [suspended ? 'Sign-in account disabled and its sessions revoked.' : 'Sign-in account enabled again.']
      : [NO_SIGN_IN_ACCOUNT_NOTE],
    reason: decision.reason,
    adminUid: caller.uid,
    adminEmail: typeof caller.claims.email === 'string' ? caller.claims.email : null,
    operationId: decision.operationId,
    userIds: [id],
    answer: { ok: true, id, suspended, signInAccount: decision.signInAccount }
  };
}

const isSuspensionOf = (entry: Record<string, unknown>, id: string, direction: Direction): boolean =>
  entry.action === `user.${direction}` && entry.entityPath === `users/${id}`;

export function suspendUserRoutes(app: FastifyInstance, deps: BackendHostDeps): void {
  for (const direction of ['suspend', 'unsuspend'] as const) {
    const route = `POST /api/${direction}User/:id`;
    app.post<{ Params: { id: string }; Body: unknown }>(
      `/api/${direction}User/:id`,
      {
        bodyLimit: 16 * 1024,
        onRequest: [requireAdministrator(deps.verifier, deps.adminUid, deps.log), requireCapability('care'), requireRecentPassword(deps)]
      },
      async (request, reply) => {
        const { id } = request.params;
        const caller = request.administrator;
        if (!caller) throw new Error(`requireAdministrator did not run before ${route}.`);
        const problem = customerIdProblem(id);
        if (problem) return reply.code(400).send({ error: problem });
        const body = suspensionBodySchema.safeParse(request.body ?? {});
        if (!body.success) return reply.code(400).send({ error: firstProblem(body.error) });
        const reasonText = body.data.reason;
        const keyed = idempotencyKeyOf(request);
        if ('error' in keyed) return reply.code(400).send(keyed);
        if (id === caller.uid || (!!deps.adminUid && id === deps.adminUid)) return reply.code(409).send({ error: ADMIN_REFUSED });

        return idempotent(
          deps,
          reply,
          // The reason is how it was decided, not what was asked: a retry with an edited reason is the same action.
          { key: keyed.key, route, fingerprint: fingerprintOf([route, id]), adminUid: caller.uid, whenStale: 'retry' },
          () => changeSuspension(deps, { id, direction, reason: reasonText, caller, operationId: keyed.key })
        );
      }
    );
  }
}

const answer = (status: number, body: unknown): Outcome => ({ status, body, done: false });

/**
 * In the order docs/product-rules.md §6.9 gives: the Idempotency-Key's audit entry is checked first
 * (another action's key is refused before anything is touched, this one's answered again); the
 * sign-in account is disabled (its sessions revoked) or enabled; then one transaction re-reads the
 * customer and sets or clears `suspended` with the audit entry at auditLog/{key}. When that
 * transaction fails after a suspension disabled the account, the account stays disabled (the safe
 * side) and the same request finishes it; a lifted suspension that fails is disabled again.
 */
async function changeSuspension(
  deps: BackendHostDeps,
  request: { id: string; direction: Direction; reason: string; caller: VerifiedToken; operationId: string | null }
): Promise<Outcome> {
  const { id, direction, reason, caller, operationId } = request;
  const { users, log } = deps;
  const suspend = direction === 'suspend';

  let previous: Record<string, unknown> | null = null;
  let account: Awaited<ReturnType<typeof users.findAccount>>;
  let document: Record<string, unknown> | null;
  try {
    if (operationId !== null) previous = await users.findAudit(operationId);
    [account, document] = await Promise.all([users.findAccount(id), users.findDocument(id)]);
  } catch (err) {
    log(`${direction}-user lookup failed: ${reasonOf(err)}`);
    return answer(502, { error: `The customer could not be looked up, so nothing was changed: ${reasonOf(err)}` });
  }
  if (previous !== null) {
    if (!isSuspensionOf(previous, id, direction)) return answer(422, { error: KEY_REUSED });
    return { status: 200, body: previous.answer ?? { ok: true, id, suspended: suspend }, done: true };
  }
  if (account?.admin) return answer(409, { error: ADMIN_REFUSED });
  if (document === null) return answer(404, { error: `No customer with id ${id}.` });
  if (suspend === (document.suspended === true)) {
    return answer(409, { error: suspend ? 'This customer is already suspended.' : 'This customer is not suspended.' });
  }

  let signInAccount = false;
  try {
    // false: no sign-in account (a customer record only); the record is still changed.
    signInAccount = account !== null && (await users.setAccountDisabled(id, suspend));
  } catch (err) {
    log(`${direction}-user could not change the sign-in account: ${reasonOf(err)}`);
    return answer(502, { error: `The sign-in account could not be ${suspend ? 'disabled' : 'enabled'}, so nothing was changed: ${reasonOf(err)}` });
  }

  let result: Awaited<ReturnType<typeof users.setSuspension>>;
  try {
    result = await users.setSuspension(id, operationId, (data) => {
      if (data === null) return { gone: true };
      if (suspend === (data.suspended === true)) return { refuse: suspend ? 'This customer is already suspended.' : 'This customer is not suspended.' };
      return {
        write: suspensionAudit(id, data, caller, { direction, reason, operationId, signInAccount }),
        change: {
          suspended: suspend,
          reason,
          adminUid: caller.uid,
          adminEmail: typeof caller.claims.email === 'string' ? caller.claims.email : null,
          operationId
        }
      };
    });
  } catch (err) {
    log(`${direction}-user record failed: ${reasonOf(err)}`);
    if (suspend) {
      return answer(502, {
        error: `The sign-in account is disabled, but the customer could not be marked suspended: ${reasonOf(err)}. Send the same request again to finish.`
      });
    }
    await restoreDisabled(deps, id, signInAccount);
    return answer(502, { error: `Nothing was changed: ${reasonOf(err)}. Try again.` });
  }
  switch (result.kind) {
    case 'gone':
      return answer(404, { error: `No customer with id ${id}.` });
    case 'refused':
      // Someone else made the same change meanwhile: the account is as the record says.
      return answer(409, { error: result.message });
    case 'replayed':
      if (!isSuspensionOf(result.entry, id, direction)) return answer(422, { error: KEY_REUSED });
      return { status: 200, body: result.entry.answer ?? { ok: true, id, suspended: suspend }, done: true };
    case 'written':
      return { status: 200, body: result.entry.answer, done: true };
  }
}

/** A lifted suspension that could not be recorded: the account is disabled again, as the record still says. */
async function restoreDisabled(deps: BackendHostDeps, id: string, enabledHere: boolean): Promise<void> {
  if (!enabledHere) return;
  try {
    await deps.users.setAccountDisabled(id, true);
  } catch (err) {
    deps.log(`unsuspend-user could not disable the account again: ${reasonOf(err)}`);
  }
}
