import type { ParsedInput, Administrator } from '../shared/contract';
import { adjustmentNeed } from '../shared/domain/approvalAdjustments';
import { APPROVAL_POLICY_FIELD, readApprovalPolicy } from '../shared/domain/approvals';
import { userName, type Changeset, type DocSnapshot } from '../shared/domain/changeset';
import { addUserNote } from '../shared/domain/notes';
import { adjustUserField, decideKyc, setUserVerified, USER_GONE_MESSAGE, type KycDecisionCommand } from '../shared/domain/users';
import type { Result } from '../shared/result';
import { requireIdToken } from './actor';
import { dualControlOf, underPolicy, type DualControlContext } from './dualControl';
import { askApproval, deletionNeed } from './hostApprovals';
import { operationOf, type Operation } from './operations';
import type { BackendHost } from './ports/backendHost';
import type { LedgerStore, TransactionReader } from './ports/ledgerStore';
import { outcomeOf, required } from './reads';

/** One administrator's write to one user, as the store commits it (an adjustment: under the approval policy, or applying a request). */
export interface UserChangeContext extends DualControlContext {
  store: LedgerStore;
  actor: Administrator;
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

/**
 * A Manage adjustment. One that moves the figure by at least the policy's `adjustmentAtLeast`
 * (settings/ledgerdesk.approvals, read in the same transaction) becomes an approval request and
 * changes nothing; the approver's apply runs this again for the request, which must still match the
 * figure as stored (docs/product-rules.md §15.6).
 */
export async function adjustUser(ctx: UserChangeContext, input: ParsedInput<'users.adjust'>) {
  const path = `users/${input.id}`;
  const decide = async (read: TransactionReader) => {
    const user = await required(read, path, USER_GONE_MESSAGE);
    return user.ok ? adjustUserField(user.value, input) : user;
  };
  const need = async (read: TransactionReader, decided: Changeset) => {
    const settings = await read.get('settings/ledgerdesk');
    const stored = readApprovalPolicy(settings?.data[APPROVAL_POLICY_FIELD]);
    // Applying a request compares it with the figure as stored now, even after the policy was loosened.
    const policy = ctx.approval ? { ...stored, adjustmentAtLeast: 0.01 } : stored;
    const user = await read.get(path);
    const after = decided.changes.find((change) => change.path === path)?.set?.[input.field];
    return user && typeof after === 'number' ? adjustmentNeed(policy, input.id, input.field, user.data[input.field], after) : null;
  };
  const { answer } = await ctx.store.transact({
    operation: ctx.operation,
    actor: ctx.actor,
    decide: underPolicy(decide, need, { ...input }, dualControlOf(ctx, 'users.adjust')),
    answer: outcomeOf
  });
  return answer;
}

export const verifyUser = (ctx: UserChangeContext, id: string, verified: boolean) => onUser(ctx, id, (user) => setUserVerified(user, verified));

/** A KYC decision; its e-mail (approved, rejected with the reason, the documents asked again) is queued in the same transaction. */
export async function decideUserKyc(ctx: UserChangeContext & { platformName: string; mailQueued: () => void }, id: string, command: KycDecisionCommand) {
  const answer = await onUser(ctx, id, (user) => decideKyc(user, command, ctx.platformName));
  if (command.status !== 'pending') ctx.mailQueued();
  return answer;
}

/** A note on a customer who exists, stored under the action's operationId (a replay adds nothing). */
export const addNote = (ctx: UserChangeContext, id: string, text: string) => onUser(ctx, id, (user) => addUserNote(user, text, ctx.operation.id));

/**
 * Suspension goes through the backend host (a client SDK cannot disable a sign-in account): it
 * disables the account (sessions revoked), then flags the document with the reason and writes the
 * audit entry at auditLog/{operationId}; unsuspend reverses both. The operationId is its Idempotency-Key.
 */
export async function setSuspended(
  { backend, idToken }: { backend: BackendHost; idToken: () => Promise<string | null> },
  { id, reason, operationId }: ParsedInput<'users.suspend'>,
  suspended: boolean
): Promise<{ message: string }> {
  const token = await requireIdToken(idToken);
  if (suspended) await backend.suspendUser(id, reason, token, operationId);
  else await backend.unsuspendUser(id, reason, token, operationId);
  return { message: suspended ? 'Customer suspended: they cannot sign in, and approving their withdrawals needs an override.' : 'Suspension lifted.' };
}

/**
 * The backend host deletes the sign-in account and the document (kept, with the reason, at
 * archivedUsers/{id}), and keeps the operationId as its Idempotency-Key; a user who still holds money or has open requests is refused as CONFLICT naming
 * the figures, unless force (the screen's second confirmation).
 */
export async function deleteUser(
  { backend, idToken, store, actor, approval }: DeletionContext,
  { id, operationId, force, reason }: ParsedInput<'users.delete'>
): Promise<{ message: string; approvalRequestId?: string }> {
  // Under the approval policy (customerDeletion) the maker files a request and the host is not called.
  if (!approval) {
    const asked = await askApproval({
      store,
      actor: () => actor,
      operation: operationOf('users.delete', { id, operationId, force, reason }),
      method: 'users.delete',
      decision: { id, reason, ...(force === true ? { force: true } : {}) },
      need: deletionNeed(id, force === true),
      summary: async () => {
        const user = await store.inspect((read) => read.get(`users/${id}`));
        return `Delete customer ${user ? userName(user, id) : id}${force === true ? ' (with force)' : ''}`;
      },
      auditKind: 'user',
      reason
    });
    if (asked) return asked;
  }
  const token = await requireIdToken(idToken);
  await backend.deleteUser(id, token, operationId, { force: force === true, reason, ...(approval ? { approvalRequestId: approval.id } : {}) });
  return { message: approval ? 'Approved: the customer has been deleted.' : 'User has been deleted.' };
}

/** What a deletion needs: the host, the ledger store (a request under the policy), the administrator, and the request it applies. */
export interface DeletionContext {
  backend: BackendHost;
  idToken: () => Promise<string | null>;
  store: LedgerStore;
  actor: Administrator;
  /** The approver applying a request (src/main/handlers/approvals.ts): the host checks and marks it. */
  approval?: { id: string };
}
