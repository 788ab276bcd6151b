import type { AuditKind, Changeset } from './changeset';
import { formatUsd, fromCents, MAX_AMOUNT, toCents, type Cents } from './money';
import { StoredTimestamp, storedTimestampAt } from './stored';

/**
 * Dual control (docs/product-rules.md §15.4): the money decisions that can hurt most do not apply
 * on one administrator's word. The platform's owner sets a policy in `settings/ledgerdesk.approvals`;
 * a decision it covers becomes an approval request (`approvalRequests/{id}`), which another
 * administrator (never the one who asked) approves once, or rejects. firestore.rules check the same
 * policy where the write lands. Off by default, so a platform that never set it behaves as before.
 */
export interface ApprovalPolicy {
  /** Approving a withdrawal of at least this amount (dollars) needs a second administrator; null: never. */
  withdrawalAtLeast: number | null;
  /** Approving a withdrawal that takes the customer's approved withdrawals in 24 hours to at least this amount; null: never. */
  withdrawalsIn24hAtLeast: number | null;
  /** A Manage adjustment (credit or debit of a figure) of at least this amount; null: never. */
  adjustmentAtLeast: number | null;
  /** A payout made with an override reason (paid again, off its plan's terms, a suspended customer). */
  payoutOverride: boolean;
  /** Deleting a customer (the backend host checks the approved request). */
  customerDeletion: boolean;
  /** Saving the receiving wallet addresses. */
  walletChanges: boolean;
  /** Saving the risk rules. */
  riskRuleChanges: boolean;
  /** Inviting a member, changing a role or disabling an account (the backend host checks the approved request). */
  teamChanges: boolean;
}

export const APPROVAL_POLICY_FIELD = 'approvals';
export const APPROVAL_REQUESTS = 'approvalRequests';

/** A request not decided within 72 hours expires: nothing applies, the maker asks again. */
export const APPROVAL_TTL_MS = 72 * 60 * 60 * 1000;

export const approvalAmountFields = ['withdrawalAtLeast', 'withdrawalsIn24hAtLeast', 'adjustmentAtLeast'] as const;
export const approvalSwitchFields = ['payoutOverride', 'customerDeletion', 'walletChanges', 'riskRuleChanges', 'teamChanges'] as const;
export type ApprovalAmountField = (typeof approvalAmountFields)[number];
export type ApprovalSwitchField = (typeof approvalSwitchFields)[number];

export const defaultApprovalPolicy: ApprovalPolicy = {
  withdrawalAtLeast: null,
  withdrawalsIn24hAtLeast: null,
  adjustmentAtLeast: null,
  payoutOverride: false,
  customerDeletion: false,
  walletChanges: false,
  riskRuleChanges: false,
  teamChanges: false
};

/** Each rule of the policy in the owner's words (the Settings screen, the audit entry). */
export const approvalPolicyLabels: Record<keyof ApprovalPolicy, string> = {
  withdrawalAtLeast: 'Withdrawals needing a second administrator',
  withdrawalsIn24hAtLeast: "A customer's withdrawals in 24 hours needing a second administrator",
  adjustmentAtLeast: 'Manage adjustments needing a second administrator',
  payoutOverride: 'Payouts with an override need a second administrator',
  customerDeletion: 'Deleting a customer needs a second administrator',
  walletChanges: 'Wallet address changes need a second administrator',
  riskRuleChanges: 'Risk rule changes need a second administrator',
  teamChanges: 'Team changes need a second administrator'
};

const amountOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_AMOUNT ? fromCents(toCents(value)) : null;

/** The policy as stored in settings/ledgerdesk (its `approvals` map): a missing or odd value is off. */
export function readApprovalPolicy(stored: unknown): ApprovalPolicy {
  const map = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const policy = { ...defaultApprovalPolicy };
  for (const field of approvalAmountFields) policy[field] = amountOrNull(map[field]);
  for (const field of approvalSwitchFields) policy[field] = map[field] === true;
  return policy;
}

/** Whether the policy covers anything at all (a policy that is off has nothing to loosen). */
export const policyIsOn = (policy: ApprovalPolicy): boolean =>
  approvalAmountFields.some((field) => policy[field] !== null) || approvalSwitchFields.some((field) => policy[field]);

/**
 * The rules a change would loosen: an amount raised or removed, a switch turned off. Tightening
 * applies at once; loosening takes effect only once another administrator approves it, so one
 * administrator cannot switch the policy off and then act alone.
 */
export function loosenedRules(current: ApprovalPolicy, next: Partial<ApprovalPolicy>): (keyof ApprovalPolicy)[] {
  const amounts = approvalAmountFields.filter((field) => {
    if (!(field in next) || current[field] === null) return false;
    const value = next[field];
    return value === null || value === undefined || value > current[field]!;
  });
  const switches = approvalSwitchFields.filter((field) => field in next && current[field] && next[field] === false);
  return [...amounts, ...switches];
}

export const approvalKinds = ['withdrawal', 'adjustment', 'payout', 'customerDeletion', 'wallets', 'riskRules', 'team', 'policy'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];

export const approvalKindLabels: Record<ApprovalKind, string> = {
  withdrawal: 'Withdrawal',
  adjustment: 'Manage adjustment',
  payout: 'Payout with an override',
  customerDeletion: 'Customer deletion',
  wallets: 'Wallet addresses',
  riskRules: 'Risk rules',
  team: 'Team change',
  policy: 'Approval policy'
};

/**
 * The kinds whose record shows the request while it waits ("Awaiting approval" on the withdrawal,
 * the investment, the customer): the record names it in `approvalRequestId`. A settings document,
 * a team member or a customer being deleted is not marked: its screen reads the open requests.
 */
export const marksRecord = (kind: ApprovalKind): boolean => kind === 'withdrawal' || kind === 'payout' || kind === 'adjustment';

/** The audit kind a request's own entries are filed under, so the audit log's filter finds them beside the change. */
export const auditKindOf = (kind: ApprovalKind): AuditKind =>
  ({
    withdrawal: 'withdrawal',
    adjustment: 'user',
    payout: 'investment',
    customerDeletion: 'user',
    wallets: 'wallets',
    riskRules: 'settings',
    team: 'team',
    policy: 'settings'
  })[kind] as AuditKind;

/** What a covered decision would do, as the policy and the rules compare it. */
export interface ApprovalNeed {
  kind: ApprovalKind;
  /** The record the decision changes ('withdrawals/abc', 'settings/walletAddresses', 'team/uid'). */
  target: string;
  /**
   * The exact change, as the rules compare it with what the write sets: a status and the amount
   * stored on the record for a status change; the new values for a settings document; the figure
   * and its delta for an adjustment.
   */
  change: Record<string, unknown>;
  /** Why a second administrator is needed, in the maker's words. */
  why: string;
}

/** Whether approving this withdrawal needs a second administrator: the policy's threshold on its amount in cents. */
export function withdrawalNeed(policy: ApprovalPolicy, withdrawal: { id: string; amount: unknown; cents: Cents | null }, status: string): ApprovalNeed | null {
  if (status !== 'approved' || policy.withdrawalAtLeast === null || withdrawal.cents === null) return null;
  if (withdrawal.cents < toCents(policy.withdrawalAtLeast)) return null;
  return {
    kind: 'withdrawal',
    target: `withdrawals/${withdrawal.id}`,
    change: { status, amount: withdrawal.amount },
    why: `Withdrawals of ${formatUsd(policy.withdrawalAtLeast)} or more need a second administrator's approval.`
  };
}

/**
 * Whether approving this withdrawal needs a second administrator because of the customer's 24 hours:
 * `approvedIn24hCents` is their other withdrawals requested in the last 24 hours and approved (this
 * one not included); with this one the total reaches the policy's `withdrawalsIn24hAtLeast`. The
 * change is the one `withdrawalNeed` asks (status and stored amount), so one request fits both
 * rules; when the single-amount rule covers the withdrawal too, its need is the one used.
 */
export function withdrawalVelocityNeed(
  policy: ApprovalPolicy,
  withdrawal: { id: string; amount: unknown; cents: Cents | null; email?: string | null },
  approvedIn24hCents: Cents,
  status: string
): ApprovalNeed | null {
  const single = withdrawalNeed(policy, withdrawal, status);
  if (single) return single;
  if (status !== 'approved' || policy.withdrawalsIn24hAtLeast === null || withdrawal.cents === null) return null;
  const total = Math.max(0, approvedIn24hCents) + withdrawal.cents;
  if (total < toCents(policy.withdrawalsIn24hAtLeast)) return null;
  const whose = typeof withdrawal.email === 'string' && withdrawal.email.trim() ? `${withdrawal.email.trim()}'s` : "the customer's";
  return {
    kind: 'withdrawal',
    target: `withdrawals/${withdrawal.id}`,
    change: { status, amount: withdrawal.amount },
    why: `This withdrawal takes ${whose} withdrawals in 24 hours to ${formatUsd(fromCents(total))}; from ${formatUsd(policy.withdrawalsIn24hAtLeast)} a second administrator must approve.`
  };
}

export const approvalStates = ['requires_review', 'approved', 'rejected', 'canceled', 'expired', 'succeeded', 'failed'] as const;
export type ApprovalState = (typeof approvalStates)[number];

export const approvalStateLabels: Record<ApprovalState, string> = {
  requires_review: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  canceled: 'Cancelled',
  expired: 'Expired',
  succeeded: 'Applied',
  failed: 'Failed'
};

/** A request as the approval rule reads it. */
export interface StoredRequest {
  id: string;
  kind: ApprovalKind;
  state: ApprovalState;
  target: string;
  requestedBy: { uid: string; email: string };
  /** Epoch milliseconds. */
  expiresAt: number;
  change: Record<string, unknown>;
}

/** The state a request is in now: one past its time reads as expired, whatever is stored. */
export const stateNow = (request: Pick<StoredRequest, 'state' | 'expiresAt'>, now: number): ApprovalState =>
  request.state === 'requires_review' && now >= request.expiresAt ? 'expired' : request.state;

const closed: Record<Exclude<ApprovalState, 'requires_review'>, string> = {
  approved: 'This request was already approved.',
  rejected: 'This request was rejected; nothing was applied.',
  canceled: 'This request was cancelled by the administrator who asked.',
  expired: 'This request expired (72 hours) before anyone approved it; nothing was applied. Ask again.',
  succeeded: 'This request was already approved and applied.',
  failed: 'This request was approved but could not be applied.'
};

/** Why this administrator may not approve or reject the request now, or null when they may. */
export function decisionRefusal(request: StoredRequest, deciderUid: string, now: number): string | null {
  const state = stateNow(request, now);
  if (state !== 'requires_review') return closed[state];
  if (request.requestedBy.uid === deciderUid) {
    return 'You asked for this approval, so another administrator must approve or reject it (a second session of your account does not count).';
  }
  return null;
}

/** Why the maker may not cancel the request, or null when they may. */
export function cancelRefusal(request: StoredRequest, uid: string, now: number): string | null {
  const state = stateNow(request, now);
  if (state !== 'requires_review') return closed[state];
  if (request.requestedBy.uid !== uid) return 'Only the administrator who asked for this approval can cancel it; reject it instead.';
  return null;
}

/** A value with its maps' keys sorted, so two equal changes compare equal whatever order they were built in. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === 'object' && value !== null && !(value instanceof StoredTimestamp)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])])
        )
      : value;

/** Whether an approved request is for exactly this change: the same record and the same values (status and amount, addresses, rules). */
export const matchesChange = (request: Pick<StoredRequest, 'target' | 'change'>, need: Pick<ApprovalNeed, 'target' | 'change'>): boolean =>
  request.target === need.target && JSON.stringify(canonical(request.change)) === JSON.stringify(canonical(need.change));

/** Who asks or decides, as requests and audit entries name them. */
export interface Approver {
  uid: string;
  email: string;
}

/** The decision as it was asked: the contract method and its input without the operationId. */
export interface AskedDecision {
  method: string;
  decision: Record<string, unknown>;
  previewVersion: string | null;
}

/**
 * A covered decision, not applied: the request is created (its id is the maker's operation id, so
 * a replay makes one request) and the record shows it awaits approval. No money moves, no e-mail.
 */
export function requestChangeset(need: ApprovalNeed, asked: AskedDecision, decided: Changeset, maker: Approver, requestId: string, now: number): Changeset {
  const path = `${APPROVAL_REQUESTS}/${requestId}`;
  const marks = marksRecord(need.kind);
  // Nothing moves until the request is applied: the entry keeps no figure a reconciliation or a snapshot would sum.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { moved, movedUserId, flows, txid, ...audit } = decided.audit;
  return {
    changes: [
      {
        path,
        replace: true,
        set: {
          kind: need.kind,
          target: need.target,
          change: need.change,
          why: need.why,
          summary: decided.audit.summary,
          method: asked.method,
          decision: asked.decision,
          previewVersion: asked.previewVersion,
          requestedBy: { uid: maker.uid, email: maker.email },
          requestedAt: storedTimestampAt(now),
          expiresAt: storedTimestampAt(now + APPROVAL_TTL_MS),
          state: 'requires_review',
          decidedBy: null,
          decidedAt: null,
          reason: null
        }
      },
      ...(marks ? [{ path: need.target, set: { approvalRequestId: requestId } }] : [])
    ],
    audit: {
      ...audit,
      kind: auditKindOf(need.kind),
      action: `${need.kind}.approvalRequested`,
      summary: `Approval asked: ${decided.audit.summary}`,
      before: marks ? { [`${need.target}.approvalRequestId`]: null } : { [`${path}.state`]: null },
      after: marks ? { [`${need.target}.approvalRequestId`]: requestId } : { [`${path}.state`]: 'requires_review' },
      notes: [need.why],
      approvalRequestId: requestId
    },
    emails: [],
    effects: [],
    message: `${need.why} Nothing was applied yet: the request waits on the Approvals screen for another administrator (72 hours at most).`
  };
}

/** An approved request applied: the decision's own changes, the record naming the request, and the request marked applied, in one commit. */
export function appliedChangeset(decided: Changeset, request: StoredRequest, approver: Approver, now: number): Changeset {
  const marks = marksRecord(request.kind);
  return {
    ...decided,
    changes: [
      ...decided.changes.map((change) =>
        marks && change.path === request.target ? { ...change, set: { ...change.set, approvalRequestId: request.id } } : change
      ),
      {
        path: `${APPROVAL_REQUESTS}/${request.id}`,
        set: { state: 'succeeded', decidedBy: { uid: approver.uid, email: approver.email }, decidedAt: storedTimestampAt(now) }
      }
    ],
    audit: {
      ...decided.audit,
      notes: [...decided.audit.notes, `Asked by ${request.requestedBy.email}, approved by ${approver.email} (request ${request.id}).`],
      approvalRequestId: request.id
    },
    message: `Approved: ${decided.message}`
  };
}

const closingWords: Record<'rejected' | 'canceled' | 'failed' | 'expired', string> = {
  rejected: 'Rejected',
  canceled: 'Cancelled',
  failed: 'Failed',
  expired: 'Expired'
};

/** A request closed without applying anything: rejected, cancelled, expired, or approved but no longer applicable. */
export function closingChangeset(
  request: StoredRequest & { summary: string },
  state: 'rejected' | 'canceled' | 'failed' | 'expired',
  by: Approver,
  reason: string | null,
  now: number
): Changeset {
  const path = `${APPROVAL_REQUESTS}/${request.id}`;
  return {
    changes: [
      { path, set: { state, decidedBy: { uid: by.uid, email: by.email }, decidedAt: storedTimestampAt(now), reason } },
      ...(marksRecord(request.kind) ? [{ path: request.target, set: { approvalRequestId: null } }] : [])
    ],
    audit: {
      kind: auditKindOf(request.kind),
      action: `approval.${state}`,
      entityPath: path,
      summary: `${closingWords[state]} approval request: ${request.summary}`,
      before: { [`${path}.state`]: 'requires_review' },
      after: { [`${path}.state`]: state },
      notes: [`Asked by ${request.requestedBy.email}.`],
      reason,
      approvalRequestId: request.id
    },
    emails: [],
    effects: [],
    message: {
      rejected: 'Rejected. Nothing was applied; the administrator who asked sees your reason.',
      canceled: 'Your request was cancelled. Nothing was applied.',
      failed: `The request failed and nothing was applied: ${reason ?? ''}`.trim(),
      expired: 'The request expired. Nothing was applied.'
    }[state]
  };
}

/** A stored request document, read field by field; null when it is not one. */
export function readStoredRequest(id: string, data: Record<string, unknown> | null): (StoredRequest & { summary: string }) | null {
  if (!data) return null;
  const who = data.requestedBy as Record<string, unknown> | null;
  const change = data.change as Record<string, unknown> | null;
  const expires = data.expiresAt;
  if (!approvalStates.includes(data.state as ApprovalState) || typeof data.target !== 'string') return null;
  if (!who || typeof who.uid !== 'string' || !change || typeof change !== 'object' || !(expires instanceof StoredTimestamp)) return null;
  return {
    id,
    state: data.state as ApprovalState,
    target: data.target,
    requestedBy: { uid: who.uid, email: typeof who.email === 'string' ? who.email : who.uid },
    expiresAt: expires.toMillis(),
    kind: approvalKinds.includes(data.kind as ApprovalKind) ? (data.kind as ApprovalKind) : 'withdrawal',
    change,
    summary: typeof data.summary === 'string' ? data.summary : data.target
  };
}
