// DELETE /api/deleteUser/:id with {"reason": "..."}: the administrator deletes a customer's sign-in account and
// `users/{id}` document; the document is kept at `archivedUsers/{id}` with the reason, for the years a regulator may ask.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatUsd, fromCents, toCents } from '../../src/shared/domain/money';
import { deleteCustomerBodySchema, firstProblem, HOLDS_MONEY } from '../../src/shared/schemas/backendHost';
import type { BackendHostDeps } from '../deps';
import { requireAdministrator, requireCapability, requireRecentPassword, type VerifiedToken } from '../auth';
import { emailOf, type ActiveInvestments, type ArchivedUser, type DeletionAuditEntry, type Held, type UserNow, type OpenRequests } from '../users';
import { reasonOf } from '../errors';
import { fingerprintOf, idempotencyKeyOf, idempotent, KEY_REUSED, type Outcome } from '../operations';
import { id as documentId, idProblem } from '../../src/shared/schemas/common';
import { appliedEntry, type HostApproval } from '../approvals';

/** The body: the reason, and the approval request an approver applies (dual control, docs/product-rules.md §15.6). */
const deletionBody = deleteCustomerBodySchema.extend({
  approvalRequestId: z.string({ error: 'approvalRequestId must be the id of an approval request.' }).trim().min(1).max(200).optional()
});

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

/** What a deletion is decided on: the money the customer holds, their requests that can still change, their active investments. */
export interface Holdings {
  balance: Balance;
  open: OpenRequests;
  active: ActiveInvestments;
}

export const holdingsOf = ({ data, open, active }: UserNow): Holdings => ({ balance: balanceOf(data), open, active });

const invests = ({ active }: Holdings): boolean => active.investments.count > 0 || active.compound.count > 0;

export const holdsNothing = (holdings: Holdings): boolean => {
  const { balance, open } = holdings;
  return 'cents' in balance && balance.cents === 0 && open.deposits === 0 && open.withdrawals === 0 && !invests(holdings);
};

const plural = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
const counted = (count: number, what: string) => plural(count, `open ${what}`);

/** "2 active investments ($1,500.00)", with how many amounts could not be read. */
const heldText = (held: Held, what: string): string =>
  `${plural(held.count, what)} (${formatUsd(fromCents(held.cents))}${held.unreadable > 0 ? `, ${held.unreadable} of them with an amount that is not a number` : ''})`;

/**
 * "$1,234.50 and has 2 open deposits and 1 open withdrawal"; with active investments
 * "2 active investments ($1,500.00) and 1 active compound investment ($300.00), and has …", the
 * balance named first unless it is zero.
 */
function figures(holdings: Holdings, has: string): string {
  const { balance, open, active } = holdings;
  const money = 'cents' in balance ? formatUsd(fromCents(balance.cents)) : `a balance that is not a number (${balance.unreadable})`;
  const held = [
    ...('cents' in balance && balance.cents === 0 && invests(holdings) ? [] : [money]),
    ...(active.investments.count > 0 ? [heldText(active.investments, 'active investment')] : []),
    ...(active.compound.count > 0 ? [heldText(active.compound, 'active compound investment')] : [])
  ];
  const holds = held.length === 1 ? held[0]! : `${held.slice(0, -1).join(', ')} and ${held.at(-1)!},`;
  return `${holds} and ${has} ${counted(open.deposits, 'deposit')} and ${counted(open.withdrawals, 'withdrawal')}`;
}

/**
 * The refusal, always worded "This customer still holds <money or active investments> and has <n>
 * open deposit(s) and <m> open withdrawal(s).", with `code: HOLDS_MONEY` in the body, by which the
 * desktop app knows to show the figures and ask again. Open: a deposit pending, failed or with no
 * status; a withdrawal pending or with no status. Active investments and compound investments are
 * theirs by userId, or by e-mail where a record carries no userId.
 */
export const holdingsRefusal = (holdings: Holdings): string => `This customer still holds ${figures(holdings, 'has')}.`;

/** The 409 body naming the figures, from the first look or from the final check inside the deletion. */
const refusalBody = (holdings: Holdings) => ({
  error: holdingsRefusal(holdings),
  code: HOLDS_MONEY,
  balance: 'cents' in holdings.balance ? fromCents(holdings.balance.cents) : null,
  openDeposits: holdings.open.deposits,
  openWithdrawals: holdings.open.withdrawals,
  activeInvestments: { count: holdings.active.investments.count, amount: fromCents(holdings.active.investments.cents) },
  activeCompoundInvestments: { count: holdings.active.compound.count, amount: fromCents(holdings.active.compound.cents) },
  hint: FORCE_HINT
});

export const FORCE_HINT = 'Send the request again with ?force=true to delete the customer anyway.';

const forcedNote = (holdings: Holdings): string => `Deleted with force: the customer held ${figures(holdings, 'had')}.`;

/** How long a deleted customer's record is kept when the host is not told otherwise (LEDGERDESK_RETAIN_YEARS). */
export const DEFAULT_RETAIN_YEARS = 5;

/** `years` whole years after `from` (29 February falls back to 28 February). */
export function yearsAfter(from: Date, years: number): Date {
  const until = new Date(from.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + years);
  if (until.getUTCDate() !== from.getUTCDate()) until.setUTCDate(0);
  return until;
}

/**
 * What is kept of a deleted customer: the whole document as it was (KYC and its image URLs
 * included; the images themselves stay in the platform's storage), except a plain-text `password`
 * field, which is a credential and never a record to keep. null when there was no document.
 */
export function archiveOf(
  id: string,
  data: Record<string, unknown> | null,
  caller: VerifiedToken,
  decision: { operationId: string | null; force: boolean; reason: string; retainUntil: Date }
): ArchivedUser | null {
  if (data === null) return null;
  const { password, ...user } = data;
  const email = nonEmpty(data.email);
  return {
    id,
    user,
    email,
    emailLower: email?.toLowerCase() ?? null,
    fullname: nonEmpty(data.fullname),
    reason: decision.reason,
    adminUid: caller.uid,
    adminEmail: typeof caller.claims.email === 'string' ? caller.claims.email : null,
    operationId: decision.operationId,
    force: decision.force,
    retainUntil: decision.retainUntil,
    hadPasswordField: password !== undefined
  };
}

/** The audit entry, shaped like the desktop app's: 'users/<id>.field' keys, never the password. */
export function deletionAudit(
  id: string,
  data: Record<string, unknown> | null,
  accountEmail: string | null,
  hadSignInAccount: boolean,
  caller: VerifiedToken,
  decision: { operationId: string | null; force: boolean; holdings: Holdings; reason: string; retainUntil: Date }
): DeletionAuditEntry {
  const path = `users/${id}`;
  const field = (name: string): unknown => (data && data[name] !== undefined ? data[name] : null);
  const who = nonEmpty(data?.fullname) ?? nonEmpty(data?.email) ?? nonEmpty(accountEmail) ?? id;
  const notes: string[] = [];
  if (!hadSignInAccount) notes.push(NO_SIGN_IN_ACCOUNT);
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
    // Where the document went, and until when it is kept.
    after: { [path]: null, ...(data === null ? {} : { [`archivedUsers/${id}.retainUntil`]: decision.retainUntil.toISOString().slice(0, 10) }) },
    notes,
    reason: decision.reason,
    adminUid: caller.uid,
    adminEmail: typeof caller.claims.email === 'string' ? caller.claims.email : null,
    operationId: decision.operationId,
    force: decision.force,
    openDeposits: decision.holdings.open.deposits,
    openWithdrawals: decision.holdings.open.withdrawals,
    activeInvestments: decision.holdings.active.investments.count,
    activeCompoundInvestments: decision.holdings.active.compound.count,
    answer: { ok: true, id, authAccountDeleted: hadSignInAccount }
  };
}

/** Whether an audit entry is this deletion's (so its Idempotency-Key may be answered again). */
const isDeletionOf = (entry: Record<string, unknown>, id: string): boolean => entry.action === 'user.delete' && entry.entityPath === `users/${id}`;

/** `?force=true` deletes a customer who still holds money or has pending requests; absent or false does not. */
function forceOf(query: unknown): boolean | { error: string } {
  const value = (query as { force?: unknown } | null)?.force;
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return { error: "force must be 'true' or 'false', given once." };
}

// A DELETE without a body (an older client) is answered 400 for its missing reason, not for its `Content-Type: application/json`.
async function ignoreEmptyBody(request: FastifyRequest): Promise<void> {
  const headers = request.raw.headers;
  if (headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0')) {
    delete headers['content-type'];
  }
}

export function deleteUserRoute(app: FastifyInstance, deps: BackendHostDeps): void {
  app.delete<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/api/deleteUser/:id',
    {
      bodyLimit: 16 * 1024,
      onRequest: [requireAdministrator(deps.verifier, deps.adminUid, deps.log), requireCapability('decide'), requireRecentPassword(deps), ignoreEmptyBody]
    },
    async (request, reply) => {
      const { id } = request.params;
      const caller = request.administrator;
      if (!caller) throw new Error('requireAdministrator did not run before DELETE /api/deleteUser/:id.');
      const problem = customerIdProblem(id);
      if (problem) return reply.code(400).send({ error: problem });
      const force = forceOf(request.query);
      if (typeof force !== 'boolean') return reply.code(400).send(force);
      const body = deletionBody.safeParse(request.body ?? {});
      if (!body.success) return reply.code(400).send({ error: firstProblem(body.error) });
      const { reason, approvalRequestId } = body.data;
      const keyed = idempotencyKeyOf(request);
      if ('error' in keyed) return reply.code(400).send(keyed);
      if (id === caller.uid || (!!deps.adminUid && id === deps.adminUid)) return reply.code(409).send({ error: ADMIN_REFUSED });

      return idempotent(
        deps,
        reply,
        {
          key: keyed.key,
          route: 'DELETE /api/deleteUser/:id',
          fingerprint: fingerprintOf(['DELETE /api/deleteUser/:id', id, force, ...(approvalRequestId ? [approvalRequestId] : [])]),
          adminUid: caller.uid,
          // Deleting again cannot delete twice: a missing account is fine and the audit entry at auditLog/{key} is read first.
          whenStale: 'retry'
        },
        // The reason is how the action was decided, not what it asks: a retry with an edited reason is the same deletion.
        () =>
          deleteCustomer(deps, {
            id,
            force,
            caller,
            operationId: keyed.key,
            reason,
            approval: {
              kind: 'customerDeletion',
              target: `users/${id}`,
              change: { delete: true, force },
              requestId: approvalRequestId ?? null,
              caller: { uid: caller.uid, email: typeof caller.claims.email === 'string' ? caller.claims.email : null }
            }
          })
      );
    }
  );
}

const answer = (status: number, body: unknown): Outcome => ({ status, body, done: false });

/**
 * The deletion, in the order docs/product-rules.md gives: the Idempotency-Key's audit entry is
 * checked first (another action's key is refused before anything is touched); the figures are read
 * and a customer who still holds money or has open requests is refused; the sign-in account is
 * disabled (no new sessions, its tokens revoked), so the customer cannot move money while the
 * deletion is decided; the transaction that deletes `users/{id}` reads the balance and counts the
 * open requests again and refuses when they are no longer nothing (the account is enabled again);
 * only after the document is gone is the sign-in account deleted.
 */
async function deleteCustomer(
  deps: BackendHostDeps,
  request: { id: string; force: boolean; caller: VerifiedToken; operationId: string | null; reason: string; approval: HostApproval }
): Promise<Outcome> {
  const { id, force, caller, operationId, reason, approval } = request;
  const { users, log } = deps;

  let previous: Record<string, unknown> | null = null;
  let account: Awaited<ReturnType<typeof users.findAccount>>;
  let document: Awaited<ReturnType<typeof users.findDocument>>;
  let open: OpenRequests;
  let active: ActiveInvestments;
  try {
    if (operationId !== null) previous = await users.findAudit(operationId);
    [account, document, open] = await Promise.all([users.findAccount(id), users.findDocument(id), users.openRequests(id)]);
    // Records that carry only the customer's e-mail are theirs too: the document says which e-mail.
    active = await users.activeInvestments(id, emailOf(document));
  } catch (err) {
    log(`delete-user lookup failed: ${reasonOf(err)}`);
    return answer(502, { error: `The customer could not be looked up, so nothing was deleted: ${reasonOf(err)}` });
  }
  if (previous !== null) {
    if (!isDeletionOf(previous, id)) return answer(422, { error: KEY_REUSED });
    // This deletion already happened: finish it (a sign-in account left behind) and answer it again.
    return finishDeletion(deps, id, account !== null, previous);
  }
  if (account?.admin) return answer(409, { error: ADMIN_REFUSED });
  // Dual control, before anything is touched: a covered deletion needs another administrator's approved request for exactly it.
  try {
    const verdict = await users.approvalVerdict?.(approval);
    if (verdict && 'refuse' in verdict) return answer(verdict.refuse.status, verdict.refuse.body);
  } catch (err) {
    log(`delete-user approval lookup failed: ${reasonOf(err)}`);
    return answer(502, { error: `The approval policy could not be read, so nothing was deleted: ${reasonOf(err)}` });
  }
  const holdings: Holdings = { balance: balanceOf(document), open, active };
  const gone = account === null && document === null;
  if (!gone && !force && !holdsNothing(holdings)) return answer(409, refusalBody(holdings));
  if (gone) return answer(404, { error: `No customer with id ${id}.` });

  let hasAccount = account !== null;
  let disabledHere = false;
  if (account !== null && !account.disabled) {
    try {
      // false: the account disappeared since the lookup, so there is none to delete either.
      disabledHere = await users.setAccountDisabled(id, true);
      hasAccount = disabledHere;
    } catch (err) {
      log(`delete-user could not disable the account: ${reasonOf(err)}`);
      return answer(502, { error: `The sign-in account could not be disabled, so nothing was deleted: ${reasonOf(err)}` });
    }
  }
  const enableAgain = async () => {
    if (!disabledHere) return;
    try {
      await users.setAccountDisabled(id, false);
    } catch (err) {
      log(`delete-user could not enable the account again: ${reasonOf(err)}`);
    }
  };

  let result: Awaited<ReturnType<typeof users.deleteDocument>>;
  try {
    result = await users.deleteDocument(
      id,
      operationId,
      (now) => {
        const final = holdingsOf(now);
        if (now.data === null && !hasAccount) return { gone: true };
        if (!force && !holdsNothing(final)) return { refuse: true };
        const retainUntil = yearsAfter(new Date(deps.now?.() ?? Date.now()), deps.retainYears ?? DEFAULT_RETAIN_YEARS);
        const decided = { operationId, force, holdings: final, reason, retainUntil };
        const entry = deletionAudit(id, now.data, account?.email ?? null, hasAccount, caller, decided);
        return {
          // An applied request: the entry names it (the store marks it applied in this same transaction).
          write:
            approval.requestId === null
              ? entry
              : { ...entry, ...appliedEntry(approval), notes: [...entry.notes, `Approval request ${approval.requestId} applied.`] },
          archive: archiveOf(id, now.data, caller, decided)
        };
      },
      approval
    );
  } catch (err) {
    log(`delete-user document deletion failed: ${reasonOf(err)}`);
    await enableAgain();
    return answer(502, { error: `Nothing was deleted: ${reasonOf(err)}. Try again.` });
  }
  switch (result.kind) {
    case 'gone':
      return answer(404, { error: `No customer with id ${id}.` });
    case 'unapproved':
      // The request was closed, or the policy turned on, between the first look and the deletion: nothing is deleted.
      await enableAgain();
      return answer(result.refusal.status, result.refusal.body);
    case 'refused':
      // Money or a request arrived between the first look and the deletion: nothing is deleted.
      await enableAgain();
      return answer(409, refusalBody(holdingsOf(result.now)));
    case 'replayed':
      // auditLog/{key} appeared meanwhile: the same key ran elsewhere, or belongs to another action.
      if (!isDeletionOf(result.entry, id)) {
        await enableAgain();
        return answer(422, { error: KEY_REUSED });
      }
      return finishDeletion(deps, id, hasAccount, result.entry);
    case 'deleted':
      return finishDeletion(deps, id, hasAccount, result.entry);
  }
}

/** The document is deleted and audited: the sign-in account goes last, and the stored answer is given. */
async function finishDeletion(deps: BackendHostDeps, id: string, hasAccount: boolean, entry: Record<string, unknown>): Promise<Outcome> {
  if (hasAccount) {
    try {
      await deps.users.deleteAccount(id);
    } catch (err) {
      deps.log(`delete-user auth deletion failed: ${reasonOf(err)}`);
      return answer(502, {
        error: `The customer document was deleted, but the sign-in account (now disabled) was not: ${reasonOf(err)}. Try again with the same request to finish.`
      });
    }
  }
  return { status: 200, body: entry.answer ?? { ok: true, id, authAccountDeleted: hasAccount }, done: true };
}
