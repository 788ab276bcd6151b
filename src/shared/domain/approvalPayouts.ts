import type { ApprovalNeed, ApprovalPolicy } from './approvals';

/** Why a payout with an override waits for another administrator, in the maker's words. */
export const PAYOUT_OVERRIDE_WHY = "Payouts with an override need a second administrator's approval.";

/**
 * Dual control of a payout made with an override (docs/product-rules.md §15.6, "Payouts with an
 * override"): with `settings/ledgerdesk.approvals.payoutOverride` on, a payout that needs an override
 * reason (paid again, off its plan's terms, a suspended customer: payoutOverrides) becomes an approval
 * request instead of moving money. The change is a withdrawal's shape, the status and the amount as
 * stored on the investment, so firestore.rules compare it with the write the same way.
 * `overridesNeeded` is what payoutOverrides names for the investment; empty: paid without question.
 */
export function payoutNeed(policy: ApprovalPolicy, investmentId: string, amountAsStored: unknown, overridesNeeded: readonly string[]): ApprovalNeed | null {
  if (!policy.payoutOverride || overridesNeeded.length === 0) return null;
  return {
    kind: 'payout',
    target: `investments/${investmentId}`,
    change: { status: 'completed', amount: amountAsStored ?? null },
    why: PAYOUT_OVERRIDE_WHY
  };
}
