// DELETE /api/deleteUser/:id: the administrator deletes a customer's sign-in account and `users/{id}` document.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatUsd, fromCents, toCents } from '../../src/shared/domain/money';
import type { BackendHostDeps } from '../app';
import { requireAdministrator, type VerifiedToken } from '../auth';
import type { AuditEntry, PendingRequests } from '../customers';
import { reasonOf } from '../errors';
import { fingerprintOf, idempotencyKeyOf, idempotent, KEY_REUSED, type Outcome } from '../operations';
import { id as documentId, idProblem } from '../../src/shared/schemas/common';

/** Firebase Auth uids are 1..128 characters; beyond that the id must pass the app's shared document id schema. */
export function customerIdProblem(id: string): string | null {
  if (id.length < 1 || id.length > 128) return 'The customer id must be 1 to 128 characters long.';
  const parsed = documentId.safeParse(id);
  return parsed.success ? null : `"${id}" is not a valid customer id: it ${idProblem(id) ?? 'is refused'}.`;
}

const ADMIN_REFUSED = "The administrator's account cannot be deleted.";
export const NO_SIGN_IN_ACCOUNT = 'The customer had no sign-in account.';
export const NO_USERS_DOCUMENT = 'The customer had no users document; only the sign-in account was deleted.';

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The customer's balance in cents, or the stored value when it is not a plain number. */
export type Balance = { cents: number } | { unreadable: string };

const PLAIN_DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/** A missing balance is zero; a number or a plain decimal string is read in cents; anything else cannot be read. */
export function balanceOf(data: Record<string, unknown> | null): Balance {
  const value = data?.balance;
  if (value === undefined || value === null || value === '') return { cents: 0 };
  const amount = typeof value === 'number' ? value : typeof value === 'string' && PLAIN_DECIMAL.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(amount)) return { unreadable: JSON.stringify(value)?.slice(0, 60) ?? String(value) };
  return { cents: toCents(amount) };
}

/** What a deletion is decided on: the money the customer holds and their requests waiting for a decision. */
export interface Holdings {
  balance: Balance;
  pending: PendingRequests;
}

export const holdsNothing = ({ balance, pending }: Holdings): boolean =>
  'cents' in balance && balance.cents === 0 && pending.deposits === 0 && pending.withdrawals === 0;

const counted = (count: number, what: string) => `${count} pending ${what}${count === 1 ? '' : 's'}`;

/** "$1,234.50 and has 2 pending deposits and 1 pending withdrawal" */
function figures({ balance, pending }: Holdings, has: string): string {
  const money = 'cents' in balance ? formatUsd(fromCents(balance.cents)) : `a balance that is not a number (${balance.unreadable})`;
  return `${money} and ${has} ${counted(pending.deposits, 'deposit')} and ${counted(pending.withdrawals, 'withdrawal')}`;
}

/**
 * The refusal, always worded "This customer still holds <money> and has <n> pending deposit(s) and
 * <m> pending withdrawal(s).": the desktop app recognises it by that opening and shows the figures.
 */
export const holdingsRefusal = (holdings: Holdings): string => `This customer still holds ${figures(holdings, 'has')}.`;

export const FORCE_HINT = 'Send the request again with ?force=true to delete the customer anyway.';

const forcedNote = (holdings: Holdings): string => `Deleted with force: the customer held ${figures(holdings, 'had')}.`;

/** The audit entry, shaped like the desktop app's: 'users/<id>.field' keys, never the password. */
export function deletionAudit(
  id: string,
  data: Record<string, unknown> | null,
  accountEmail: string | null,
  authAccountDeleted: boolean,
  caller: VerifiedToken,
  decision: { operationId: string | null; force: boolean; holdings: Holdings }
): AuditEntry {
  const path = `users/${id}`;
  const field = (name: string): unknown => (data && data[name] !== undefined ? data[name] : null);
  const who = nonEmpty(data?.fullname) ?? nonEmpty(data?.email) ?? nonEmpty(accountEmail) ?? id;
  const notes: string[] = [];
  if (!authAccountDeleted) notes.push(NO_SIGN_IN_ACCOUNT);
  if (data === null) notes.push(NO_USERS_DOCUMENT);
  if (decision.force && !holdsNothing(decision.holdings)) notes.push(forcedNote(decision.holdings));
  return {
    kind: 'user',
    action: 'user.delete',
    entityPath: path,
    summary: `Customer ${who} deleted`,
    before: {
      [`${path}.email`]: field('email'),
      [`${path}.fullname`]: field('fullname'),
      [`${path}.balance`]: field('balance')
    },
    after: { [path]: null },
    notes,
    reason: null,
    adminUid: caller.uid,
    adminEmail: typeof caller.claims.email === 'string' ? caller.claims.email : null,
    operationId: decision.operationId,
    force: decision.force,
    pendingDeposits: decision.holdings.pending.deposits,
    pendingWithdrawals: decision.holdings.pending.withdrawals,
    answer: { ok: true, id, authAccountDeleted }
  };
}

/** `?force=true` deletes a customer who still holds money or has pending requests; absent or false does not. */
function forceOf(query: unknown): boolean | { error: string } {
  const value = (query as { force?: unknown } | null)?.force;
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return { error: "force must be 'true' or 'false', given once." };
}

// A DELETE has no body; a client that still sends `Content-Type: application/json` with nothing after it is not refused for it.
async function ignoreEmptyBody(request: FastifyRequest): Promise<void> {
  const headers = request.raw.headers;
  if (headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0')) {
    delete headers['content-type'];
  }
}

export function deleteUserRoute(app: FastifyInstance, deps: BackendHostDeps): void {
  app.delete<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/api/deleteUser/:id',
    { bodyLimit: 16 * 1024, onRequest: [requireAdministrator(deps.verifier, deps.adminUid, deps.log), ignoreEmptyBody] },
    async (request, reply) => {
      const { id } = request.params;
      const caller = request.administrator;
      if (!caller) throw new Error('requireAdministrator did not run before DELETE /api/deleteUser/:id.');
      const problem = customerIdProblem(id);
      if (problem) return reply.code(400).send({ error: problem });
      const force = forceOf(request.query);
      if (typeof force !== 'boolean') return reply.code(400).send(force);
      const keyed = idempotencyKeyOf(request);
      if ('error' in keyed) return reply.code(400).send(keyed);
      if (id === caller.uid || (!!deps.adminUid && id === deps.adminUid)) return reply.code(409).send({ error: ADMIN_REFUSED });

      return idempotent(
        deps,
        reply,
        {
          key: keyed.key,
          route: 'DELETE /api/deleteUser/:id',
          fingerprint: fingerprintOf(['DELETE /api/deleteUser/:id', id, force]),
          adminUid: caller.uid,
          // Deleting again cannot delete twice: a missing account is fine and the audit entry at auditLog/{key} is read first.
          whenStale: 'retry'
        },
        (progress) => deleteCustomer(deps, { id, force, caller, operationId: keyed.key, accountDeletedBefore: progress.accountDeleted === true })
      );
    }
  );
}

const answer = (status: number, body: unknown, progress?: Record<string, unknown>): Outcome => ({ status, body, done: false, progress });

async function deleteCustomer(
  deps: BackendHostDeps,
  request: { id: string; force: boolean; caller: VerifiedToken; operationId: string | null; accountDeletedBefore: boolean }
): Promise<Outcome> {
  const { id, force, caller, operationId } = request;
  const { customers, log } = deps;
  let account: Awaited<ReturnType<typeof customers.findAccount>>;
  let document: Awaited<ReturnType<typeof customers.findDocument>>;
  let pending: PendingRequests;
  try {
    [account, document, pending] = await Promise.all([customers.findAccount(id), customers.findDocument(id), customers.pendingRequests(id)]);
  } catch (err) {
    log(`delete-user lookup failed: ${reasonOf(err)}`);
    return answer(502, { error: `The customer could not be looked up, so nothing was deleted: ${reasonOf(err)}` });
  }
  if (account?.admin) return answer(409, { error: ADMIN_REFUSED });
  const holdings: Holdings = { balance: balanceOf(document), pending };
  const gone = account === null && document === null;
  if (!gone && !force && !holdsNothing(holdings)) {
    const { balance } = holdings;
    return answer(409, {
      error: holdingsRefusal(holdings),
      balance: 'cents' in balance ? fromCents(balance.cents) : null,
      pendingDeposits: pending.deposits,
      pendingWithdrawals: pending.withdrawals,
      hint: FORCE_HINT
    });
  }
  // Without a key there is nothing to replay; with one, the transaction below may find this deletion already done.
  if (gone && operationId === null) return answer(404, { error: `No customer with id ${id}.` });

  // The sign-in account goes first: if Firebase Auth refuses, the customer keeps both and can be retried.
  let authAccountDeleted = request.accountDeletedBefore;
  if (account !== null) {
    try {
      authAccountDeleted = (await customers.deleteAccount(id)) || authAccountDeleted;
    } catch (err) {
      log(`delete-user auth deletion failed: ${reasonOf(err)}`);
      return answer(502, { error: `The sign-in account could not be deleted, so nothing was deleted: ${reasonOf(err)}` });
    }
  }

  let written: AuditEntry | null;
  try {
    written = await customers.deleteDocument(
      id,
      (data) =>
        // Both already gone (someone else deleted this customer meanwhile): nothing to delete or audit.
        data === null && !authAccountDeleted
          ? null
          : deletionAudit(id, data, account?.email ?? null, authAccountDeleted, caller, { operationId, force, holdings }),
      operationId
    );
  } catch (err) {
    log(`delete-user document deletion failed: ${reasonOf(err)}`);
    const done = authAccountDeleted ? 'The sign-in account was deleted, but the customer document was not' : 'Nothing was deleted';
    return answer(502, { error: `${done}: ${reasonOf(err)}. Try again.` }, { accountDeleted: authAccountDeleted });
  }
  if (written === null) return answer(404, { error: `No customer with id ${id}.` });
  // auditLog/{key} already held another action's entry: the key was used for something else.
  if (written.action !== 'user.delete' || written.entityPath !== `users/${id}`) return answer(422, { error: KEY_REUSED });
  return { status: 200, body: written.answer ?? { ok: true, id, authAccountDeleted }, done: true };
}
