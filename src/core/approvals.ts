import type { Administrator, ApprovalRequest } from '../shared/contract';
import {
  APPROVAL_REQUESTS,
  cancelRefusal,
  closingChangeset,
  decisionRefusal,
  readStoredRequest,
  stateNow,
  type ApprovalState
} from '../shared/domain/approvals';
import { StoredTimestamp } from '../shared/domain/stored';
import { approvalQueries, APPROVALS_LISTED } from '../shared/queries/approvals';
import { AppError } from '../shared/result';
import type { Operation } from './operations';
import type { LedgerStore } from './ports/ledgerStore';

/**
 * Dual control (docs/product-rules.md §15.4): the Approvals screen's requests, and what deciding
 * one does. Approving applies the decision the maker asked for, once, through the same use-case,
 * with the approver as its actor; a record changed since fails the request and applies nothing.
 */

/** How the approver's call applies a request: their decide call's operation, the request, one clock. */
export interface Applying {
  operation: Operation;
  approval: { id: string };
  now: () => number;
}

/**
 * The use-case that applies a request's decision, by the contract method it was asked through:
 * the same use-case the maker's call ran, with the approver as its actor (handlers/approvals.ts).
 */
export type Apply = (applying: Applying, decision: Record<string, unknown>) => Promise<{ message: string } | ApprovalOutcome>;

export interface ApprovalsDeps {
  store: LedgerStore;
  actor: Administrator;
  apply: Readonly<Record<string, Apply>>;
  now?: () => number;
}

export interface ApprovalOutcome {
  state: ApprovalState;
  message: string;
}

const iso = (value: unknown): string | null => (value instanceof StoredTimestamp ? new Date(value.toMillis()).toISOString() : null);
const who = (value: unknown): { uid: string; email: string } | null => {
  const v = value as Record<string, unknown> | null;
  return v && typeof v.uid === 'string' ? { uid: v.uid, email: typeof v.email === 'string' ? v.email : v.uid } : null;
};

/** A stored request as the screen lists it; null for a document that is not one. */
function rowOf(id: string, data: Record<string, unknown>, now: number): ApprovalRequest | null {
  const stored = readStoredRequest(id, data);
  if (!stored) return null;
  return {
    id,
    kind: stored.kind,
    target: stored.target,
    state: stateNow(stored, now),
    summary: stored.summary,
    why: typeof data.why === 'string' ? data.why : '',
    method: typeof data.method === 'string' ? data.method : '',
    decision: typeof data.decision === 'object' && data.decision !== null ? (data.decision as Record<string, unknown>) : {},
    previewVersion: typeof data.previewVersion === 'string' ? data.previewVersion : null,
    requestedBy: stored.requestedBy,
    requestedAt: iso(data.requestedAt) ?? new Date(0).toISOString(),
    expiresAt: new Date(stored.expiresAt).toISOString(),
    decidedBy: who(data.decidedBy),
    decidedAt: iso(data.decidedAt),
    reason: typeof data.reason === 'string' ? data.reason : null
  };
}

export async function listApprovals(store: LedgerStore, state: ApprovalState | undefined, now = Date.now()): Promise<ApprovalRequest[]> {
  // Expired requests are stored as open until someone closes them: the open filter reads those and drops the expired.
  const stored = state === 'expired' ? 'requires_review' : state;
  const docs = await store.inspect((read) =>
    stored ? read.find(approvalQueries.inState, { state: stored }, APPROVALS_LISTED) : read.find(approvalQueries.all, {}, APPROVALS_LISTED)
  );
  const rows = docs.flatMap((doc) => rowOf(doc.id, doc.data, now) ?? []);
  return state ? rows.filter((row) => row.state === state) : rows;
}

/** The request as the rules read it, with its stored fields (the decision it carries): one read. */
async function readRequest(store: LedgerStore, id: string) {
  const data = await store.inspect(async (read) => (await read.get(`${APPROVAL_REQUESTS}/${id}`))?.data ?? null);
  const stored = readStoredRequest(id, data);
  if (!stored || !data) throw new AppError('NOT_FOUND', 'This approval request does not exist.');
  return { ...stored, data };
}

/** The same call again (a lost reply) answers what the first one did, whichever commit it made. */
const outcomeOfAnswer = (answer: { message: string } | ApprovalOutcome): ApprovalOutcome =>
  'state' in answer && typeof answer.state === 'string' ? answer : { state: 'succeeded', message: answer.message };

/** Errors that say nothing about the request (the session, the network): the request stays open. */
const PASSING = new Set(['STEP_UP_REQUIRED', 'UNAUTHENTICATED', 'UNAVAILABLE', 'INTERNAL', 'FORBIDDEN', 'PERMISSION_DENIED']);

/** This very call was answered before (a lost reply, a double click): the same answer, nothing checked or written again. */
const answeredBefore = async (deps: ApprovalsDeps, operation: Operation): Promise<ApprovalOutcome | null> => {
  const previous = await deps.store.previousAnswer<{ message: string } | ApprovalOutcome>(operation);
  return previous ? outcomeOfAnswer(previous) : null;
};

export async function approve(deps: ApprovalsDeps, id: string, operation: Operation): Promise<ApprovalOutcome> {
  const before = await answeredBefore(deps, operation);
  if (before) return before;
  const now = (deps.now ?? Date.now)();
  const stored = await readRequest(deps.store, id);
  const refusal = decisionRefusal(stored, deps.actor.uid, now);
  if (refusal) throw new AppError(stored.requestedBy.uid === deps.actor.uid ? 'FORBIDDEN' : 'CONFLICT', refusal);
  const { data } = stored;
  const method = typeof data.method === 'string' ? data.method : '';
  const apply = deps.apply[method];
  if (!apply) throw new AppError('CONFLICT', `Ledgerdesk cannot apply a request made through ${method || 'an unknown method'}.`);
  const decision = {
    ...(data.decision as Record<string, unknown>),
    ...(typeof data.previewVersion === 'string' ? { version: data.previewVersion } : {})
  };
  try {
    const answer = await apply({ operation, approval: { id }, now: () => now }, decision);
    return outcomeOfAnswer(answer);
  } catch (error) {
    if (!(error instanceof AppError) || PASSING.has(error.code)) throw error;
    // The decision no longer applies (the record changed, the rule refuses it now): the request fails with why, nothing applied.
    const again = await readRequest(deps.store, id);
    if (decisionRefusal(again, deps.actor.uid, now) !== null) throw error;
    return close(deps, id, 'failed', error.message, operation);
  }
}

async function close(
  deps: ApprovalsDeps,
  id: string,
  state: 'rejected' | 'canceled' | 'failed',
  reason: string | null,
  operation: Operation
): Promise<ApprovalOutcome> {
  const now = (deps.now ?? Date.now)();
  const { answer } = await deps.store.transact<ApprovalOutcome | { message: string }>({
    operation,
    actor: deps.actor,
    decide: async (read) => {
      const stored = readStoredRequest(id, (await read.get(`${APPROVAL_REQUESTS}/${id}`))?.data ?? null);
      if (!stored) return { ok: false, error: { code: 'NOT_FOUND', message: 'This approval request does not exist.' } };
      const refusal = state === 'canceled' ? cancelRefusal(stored, deps.actor.uid, now) : decisionRefusal(stored, deps.actor.uid, now);
      if (refusal) return { ok: false, error: { code: 'CONFLICT', message: refusal } };
      return { ok: true, value: closingChangeset(stored, state, deps.actor, reason, now) };
    },
    answer: (changeset) => ({ state, message: changeset.message })
  });
  return outcomeOfAnswer(answer);
}

export async function reject(deps: ApprovalsDeps, id: string, reason: string, operation: Operation): Promise<ApprovalOutcome> {
  const before = await answeredBefore(deps, operation);
  if (before) return before;
  const stored = await readRequest(deps.store, id);
  const refusal = decisionRefusal(stored, deps.actor.uid, (deps.now ?? Date.now)());
  if (refusal) throw new AppError(stored.requestedBy.uid === deps.actor.uid ? 'FORBIDDEN' : 'CONFLICT', refusal);
  return close(deps, id, 'rejected', reason, operation);
}

export const cancel = (deps: ApprovalsDeps, id: string, operation: Operation): Promise<ApprovalOutcome> => close(deps, id, 'canceled', null, operation);
