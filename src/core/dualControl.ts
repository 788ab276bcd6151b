import type { Administrator } from '../shared/contract';
import type { Changeset } from '../shared/domain/changeset';
import {
  appliedChangeset,
  APPROVAL_REQUESTS,
  decisionRefusal,
  matchesChange,
  readStoredRequest,
  requestChangeset,
  stateNow,
  type ApprovalNeed
} from '../shared/domain/approvals';
import { fail, ok, type Result } from '../shared/result';
import type { TransactionReader } from './ports/ledgerStore';

/**
 * Dual control inside a use-case's transaction (docs/product-rules.md §15.4), the same for every
 * kind the policy covers: asked without a request, a covered decision becomes one and nothing
 * applies; applied for a request (src/core/approvals.ts), the request must be open, asked by
 * another administrator, for this exact change, and it closes as applied in the same commit.
 */

/** Who decides, and whether they apply an approved request: what dual control needs to know. */
export interface DualControl {
  actor: Administrator;
  /** The maker's operation id: the request's id, so a replay makes one request. */
  operationId: string;
  /** The contract method the decision came through, which the approver's apply runs again. */
  method: string;
  approval: { id: string } | null;
  now: number;
}

/** What a use-case's context carries for dual control; absent fields mean the maker's own call, now. */
export interface DualControlContext {
  /** Applying an approval request: the actor is its approver, never its maker. */
  approval?: { id: string };
  /** The contract method the change came through, kept on the request so the approver applies exactly it. */
  method?: string;
  now?: () => number;
}

export const dualControlOf = (ctx: DualControlContext & { actor: Administrator; operation: { id: string } }, method: string): DualControl => ({
  actor: ctx.actor,
  operationId: ctx.operation.id,
  method: ctx.method ?? method,
  approval: ctx.approval ?? null,
  now: (ctx.now ?? Date.now)()
});

/** The open request the record already awaits, if any (a second one for the same record would be approved twice). */
async function openRequestOn(transaction: TransactionReader, target: string, now: number): Promise<string | null> {
  const awaited = (await transaction.get(target))?.data.approvalRequestId;
  if (typeof awaited !== 'string' || !awaited) return null;
  const stored = readStoredRequest(awaited, (await transaction.get(`${APPROVAL_REQUESTS}/${awaited}`))?.data ?? null);
  return stored && stateNow(stored, now) === 'requires_review' ? awaited : null;
}

/**
 * A change the approval policy covers. `asked` is the decision as its method took it (without the
 * operationId) and the preview's version the approver's commit must find, where the use-case has one.
 */
export async function underDualControl(
  transaction: TransactionReader,
  need: ApprovalNeed,
  decided: Changeset,
  asked: { decision: Record<string, unknown>; previewVersion: string | null },
  dual: DualControl
): Promise<Result<Changeset>> {
  if (!dual.approval) {
    const open = await openRequestOn(transaction, need.target, dual.now);
    if (open) return fail('CONFLICT', `This already awaits approval (request ${open}): approve, reject or cancel that one first.`);
    const { operationId: _asked, ...decision } = asked.decision;
    return ok(requestChangeset(need, { method: dual.method, decision, previewVersion: asked.previewVersion }, decided, dual.actor, dual.operationId, dual.now));
  }
  const stored = readStoredRequest(dual.approval.id, (await transaction.get(`${APPROVAL_REQUESTS}/${dual.approval.id}`))?.data ?? null);
  if (!stored) return fail('NOT_FOUND', 'This approval request no longer exists.');
  const refusal = decisionRefusal(stored, dual.actor.uid, dual.now);
  if (refusal) return fail('CONFLICT', refusal);
  if (!matchesChange(stored, need))
    return fail('CONFLICT', 'The record no longer matches the request (another amount, status or value), so nothing was applied.');
  return ok(appliedChangeset(decided, stored, dual.actor, dual.now));
}

/**
 * A use-case decided in one transaction (Manage, the settings screens) under the policy: `need`
 * says whether the policy covers what was decided, read in the same transaction so a policy changed
 * meanwhile re-decides. Applying a request the policy no longer covers still closes it as applied.
 */
export const underPolicy =
  (
    decide: (read: TransactionReader) => Promise<Result<Changeset>>,
    need: (read: TransactionReader, decided: Changeset) => Promise<ApprovalNeed | null>,
    decision: Record<string, unknown>,
    dual: DualControl
  ) =>
  async (read: TransactionReader): Promise<Result<Changeset>> => {
    const decided = await decide(read);
    if (!decided.ok) return decided;
    const asked = await needNow(read, await need(read, decided.value), dual);
    if (asked === 'gone') return fail('NOT_FOUND', 'This approval request no longer exists.');
    return asked ? underDualControl(read, asked, decided.value, { decision, previewVersion: null }, dual) : decided;
  };

/**
 * What dual control checks a decision against: the policy's need now, or, applying a request the
 * policy no longer covers (it was loosened meanwhile), the request's own, so the request is still
 * checked against its change and closed as applied in the same commit, never left open.
 */
export async function needNow(read: TransactionReader, covered: ApprovalNeed | null, dual: DualControl): Promise<ApprovalNeed | null | 'gone'> {
  if (covered || !dual.approval) return covered;
  return (await requestedNeed(read, dual.approval.id)) ?? 'gone';
}

/** The need a request was asked for, as stored: applied after the policy loosened, it is still checked against its own change. */
async function requestedNeed(read: TransactionReader, id: string): Promise<ApprovalNeed | null> {
  const stored = readStoredRequest(id, (await read.get(`${APPROVAL_REQUESTS}/${id}`))?.data ?? null);
  return stored ? { kind: stored.kind, target: stored.target, change: stored.change, why: '' } : null;
}

/** Whether a committed change made a request instead of applying (its id is then the maker's operation id). */
export const requestedIn = (done: Changeset, requestId: string): boolean =>
  done.changes.some((change) => change.path === `${APPROVAL_REQUESTS}/${requestId}` && change.replace === true);
