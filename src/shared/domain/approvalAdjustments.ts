import type { ApprovalNeed, ApprovalPolicy } from './approvals';
import { formatUsd, readTotal, toCents } from './money';
import type { AdjustableField } from './users';

/**
 * Dual control of Manage adjustments (docs/product-rules.md §15.6): an adjustment that moves a
 * customer's figure by at least `settings/ledgerdesk.approvals.adjustmentAtLeast`, either way, is
 * asked as an approval request instead of applying. The request's change holds the figure as the
 * record holds it before and the value the approver's write must set, so a figure changed since the
 * request was asked no longer matches it and the request fails, nothing applied.
 */
export function adjustmentNeed(policy: ApprovalPolicy, userId: string, field: AdjustableField, before: unknown, after: number): ApprovalNeed | null {
  if (policy.adjustmentAtLeast === null) return null;
  const from = readTotal(before, field);
  if (!from.ok || !Number.isFinite(after)) return null;
  if (Math.abs(toCents(after) - from.value) < toCents(policy.adjustmentAtLeast)) return null;
  return {
    kind: 'adjustment',
    target: `users/${userId}`,
    // A figure never set is stored as null here, as the rules read a missing field.
    change: { field, before: before === undefined ? null : before, after },
    why: `Manage adjustments of ${formatUsd(policy.adjustmentAtLeast)} or more need a second administrator's approval.`
  };
}
