import type { Administrator } from '../shared/contract';
import { APPROVAL_POLICY_FIELD, readApprovalPolicy, requestChangeset, type ApprovalNeed, type ApprovalPolicy } from '../shared/domain/approvals';
import type { AuditKind, Changeset } from '../shared/domain/changeset';
import { PLATFORM_SETTINGS_PATH } from '../shared/domain/platformSettings';
import { roleLabels, type Role } from '../shared/domain/roles';
import { ok } from '../shared/result';
import type { Operation } from './operations';
import type { LedgerStore } from './ports/ledgerStore';

/**
 * Dual control for the changes the backend host writes (docs/product-rules.md §15.6): deleting a
 * customer and changing the team. When the policy covers the call and it is not the approver
 * applying a request, the desktop does not call the host: it files the request
 * (`approvalRequests/{operationId}`, with its audit entry) through the ledger store, and nothing
 * else is done. The host checks the policy and the request again when the approver applies it.
 */

export interface HostAsk {
  store: LedgerStore;
  /** The maker, asked only when the policy covers the call. */
  actor: () => Administrator;
  operation: Operation;
  /** The contract method, which the approver's apply runs again. */
  method: 'users.delete' | 'team.invite' | 'team.setRole' | 'team.disable';
  /** The call's input without its operationId, as the approver's apply gets it back. */
  decision: Record<string, unknown>;
  need: ApprovalNeed;
  /** The audit entry's words ("Delete customer Ana Lima"), read only when the policy covers the call. */
  summary: () => Promise<string>;
  auditKind: AuditKind;
  reason?: string | null;
  now?: () => number;
}

const covers = (policy: ApprovalPolicy, need: ApprovalNeed): boolean =>
  need.kind === 'customerDeletion' ? policy.customerDeletion : need.kind === 'team' ? policy.teamChanges : false;

/** Whether the policy covers this kind now (read straight from the server; the host checks it again). */
export async function policyCovers(store: LedgerStore, need: ApprovalNeed): Promise<boolean> {
  const settings = await store.inspect(async (read) => (await read.get(PLATFORM_SETTINGS_PATH))?.data ?? null);
  return covers(readApprovalPolicy(settings?.[APPROVAL_POLICY_FIELD]), need);
}

/**
 * The request, when the policy covers the call: its id (the maker's operation id, so a retry files
 * one request) and words saying nothing was done yet. null: not covered, the caller asks the host.
 */
export async function askApproval(ask: HostAsk): Promise<{ message: string; approvalRequestId: string } | null> {
  if (!(await policyCovers(ask.store, ask.need))) return null;
  const now = (ask.now ?? Date.now)();
  const actor = ask.actor();
  const summary = await ask.summary();
  const decided: Changeset = {
    changes: [],
    audit: {
      kind: ask.auditKind,
      action: ask.method,
      entityPath: ask.need.target,
      summary,
      before: {},
      after: {},
      notes: [],
      reason: ask.reason ?? null
    },
    emails: [],
    effects: [],
    message: ''
  };
  const { answer } = await ask.store.transact({
    operation: ask.operation,
    actor,
    decide: async () =>
      ok(requestChangeset(ask.need, { method: ask.method, decision: ask.decision, previewVersion: null }, decided, actor, ask.operation.id, now)),
    answer: (changeset) => ({ message: `Sent for approval. ${changeset.message}`, approvalRequestId: ask.operation.id })
  });
  return answer;
}

/** A customer's deletion as a request compares it: the record and whether it is forced. */
export const deletionNeed = (id: string, force: boolean): ApprovalNeed => ({
  kind: 'customerDeletion',
  target: `users/${id}`,
  change: { delete: true, force },
  why: "Deleting a customer needs a second administrator's approval."
});

export type TeamAction = { action: 'invite'; email: string; role: Role } | { action: 'setRole'; uid: string; role: Role } | { action: 'disable'; uid: string };

/** A team change as a request compares it: the member (an invitation: the e-mail, lower-cased) and the change. */
export function teamNeed(change: TeamAction): ApprovalNeed {
  const why = "Team changes need a second administrator's approval.";
  if (change.action === 'invite') {
    const email = change.email.trim().toLowerCase();
    return { kind: 'team', target: `team/invite:${email}`, change: { action: 'invite', email, role: change.role }, why };
  }
  if (change.action === 'setRole') return { kind: 'team', target: `team/${change.uid}`, change: { action: 'setRole', role: change.role }, why };
  return { kind: 'team', target: `team/${change.uid}`, change: { action: 'disable' }, why };
}

/** The audit entry's words for a team change. */
export const teamSummary = (change: TeamAction, who: string): string =>
  change.action === 'invite'
    ? `Invite ${change.email.trim().toLowerCase()} to the team as ${roleLabels[change.role]}`
    : change.action === 'setRole'
      ? `Change ${who}'s role to ${roleLabels[change.role]}`
      : `Disable ${who}'s account`;
