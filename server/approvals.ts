// Dual control on the backend host (docs/product-rules.md §15.6): deleting a customer and changing the
// team are written here with firebase-admin, where firestore.rules do not apply, so the host checks
// the approval policy (`settings/ledgerdesk.approvals`) and the approved request itself, in the same
// transaction as its own write, and marks the request applied there.
import { FieldValue, type DocumentData, type DocumentReference, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { APPROVAL_POLICY_FIELD, APPROVAL_REQUESTS, matchesChange, readApprovalPolicy, type ApprovalPolicy } from '../src/shared/domain/approvals';
import { PLATFORM_SETTINGS_PATH } from '../src/shared/domain/settingsPath';

/** The kinds the host applies. */
export type HostApprovalKind = 'customerDeletion' | 'team';

/** A call the policy may cover: what it changes, and the approved request it applies (null: the maker's own call). */
export interface HostApproval {
  kind: HostApprovalKind;
  /** 'users/{id}', 'team/{uid}', or 'team/invite:<email lowercased>' for an invitation. */
  target: string;
  /** The exact change, compared whole with the request's: { delete: true, force } or { action, role?, email? }. */
  change: Record<string, unknown>;
  requestId: string | null;
  caller: { uid: string; email: string | null };
}

/** Whether the host may go on: refused (status and body), or going on, applying a request or not. */
export type ApprovalVerdict = { refuse: { status: number; body: { error: string; code?: string } } } | { apply: string | null };

const covers = (policy: ApprovalPolicy, kind: HostApprovalKind): boolean => (kind === 'customerDeletion' ? policy.customerDeletion : policy.teamChanges);

export const NEEDS_APPROVAL: Record<HostApprovalKind, string> = {
  customerDeletion: "Deleting a customer needs a second administrator's approval: ask for it in Ledgerdesk.",
  team: "Changing the team needs a second administrator's approval: ask for it in Ledgerdesk."
};

const refuse = (status: number, error: string, code?: string): ApprovalVerdict => ({ refuse: { status, body: { error, ...(code ? { code } : {}) } } });

const millisOf = (value: unknown): number | null =>
  typeof (value as { toMillis?: unknown } | null)?.toMillis === 'function' ? (value as { toMillis: () => number }).toMillis() : null;

const closedWords: Record<string, string> = {
  approved: 'was already approved',
  rejected: 'was rejected',
  canceled: 'was cancelled',
  expired: 'expired',
  succeeded: 'was already applied',
  failed: 'failed'
};

/**
 * The host's decision on a call, from the settings document and the request as they are now: a
 * covered call without a request is refused (403, FORBIDDEN); a request is applied only while it is
 * open, unexpired, asked by another administrator, and for exactly this kind, record and change.
 */
export function approvalVerdict(settings: DocumentData | null, request: DocumentData | null, ask: HostApproval, now: number): ApprovalVerdict {
  if (ask.requestId === null) {
    const policy = readApprovalPolicy(settings?.[APPROVAL_POLICY_FIELD]);
    return covers(policy, ask.kind) ? refuse(403, NEEDS_APPROVAL[ask.kind], 'FORBIDDEN') : { apply: null };
  }
  if (request === null) return refuse(409, 'This approval request does not exist, so nothing was done.');
  const expiresAt = millisOf(request.expiresAt);
  const state = request.state === 'requires_review' && (expiresAt === null || now >= expiresAt) ? 'expired' : request.state;
  if (state !== 'requires_review') return refuse(409, `This approval request ${closedWords[String(state)] ?? 'is closed'}, so nothing was done.`);
  const maker = (request.requestedBy as { uid?: unknown } | null)?.uid;
  if (typeof maker !== 'string' || maker === ask.caller.uid) {
    return refuse(403, 'You asked for this approval, so another administrator must approve it (a second session of your account does not count).', 'FORBIDDEN');
  }
  const change = typeof request.change === 'object' && request.change !== null ? (request.change as Record<string, unknown>) : null;
  if (request.kind !== ask.kind || typeof request.target !== 'string' || !change || !matchesChange({ target: request.target, change }, ask)) {
    return refuse(409, 'This approval request is for another change (another record, role or choice), so nothing was done.');
  }
  return { apply: ask.requestId };
}

export const settingsRef = (db: Firestore): DocumentReference => db.doc(PLATFORM_SETTINGS_PATH);
export const requestRef = (db: Firestore, id: string): DocumentReference => db.collection(APPROVAL_REQUESTS).doc(id);

const dataOf = (snapshot: DocumentSnapshot): DocumentData | null => (snapshot.exists ? (snapshot.data() ?? {}) : null);

/** The verdict on documents read with `get` (a transaction's, or a plain read for the first look). */
export async function readVerdict(db: Firestore, get: (ref: DocumentReference) => Promise<DocumentSnapshot>, ask: HostApproval, now = Date.now()) {
  const [settings, request] = await Promise.all([get(settingsRef(db)), ask.requestId === null ? null : get(requestRef(db, ask.requestId))]);
  return approvalVerdict(dataOf(settings), request === null ? null : dataOf(request), ask, now);
}

/** The request closed as applied, in the transaction that makes the change, in the approver's name. */
export function markApplied(tx: Transaction, db: Firestore, requestId: string, approver: HostApproval['caller']): void {
  tx.update(requestRef(db, requestId), {
    state: 'succeeded',
    decidedBy: { uid: approver.uid, email: approver.email ?? approver.uid },
    decidedAt: FieldValue.serverTimestamp()
  });
}

/** What the audit entry of an applied request adds: the request it applies, and who asked. */
export const appliedEntry = (ask: HostApproval): Record<string, unknown> => (ask.requestId === null ? {} : { approvalRequestId: ask.requestId });
