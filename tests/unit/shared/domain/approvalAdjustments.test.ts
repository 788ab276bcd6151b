import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { adjustmentNeed } from '@shared/domain/approvalAdjustments';
import { matchesChange, readApprovalPolicy } from '@shared/domain/approvals';
import { fromCents } from '@shared/domain/money';
import { adjustUserField } from '@shared/domain/users';

const policy = readApprovalPolicy({ adjustmentAtLeast: 1000 });

/** The figure before and after an adjustment, as Manage computes it (users.ts). */
const adjusted = (before: number, operation: 'add' | 'subtract', amount: number) => {
  const decided = adjustUserField({ id: 'u1', data: { balance: before } }, { field: 'balance', operation, amount, reason: 'Correction', allowNegative: true });
  if (!decided.ok) throw new Error(decided.error.message);
  return decided.value.changes[0]!.set!.balance as number;
};

describe('Manage adjustments under the approval policy', () => {
  it('needs nothing when the policy sets no amount', () => {
    expect(adjustmentNeed(readApprovalPolicy({}), 'u1', 'balance', 0, 1_000_000)).toBeNull();
  });

  it('asks a second administrator from the amount on, to the cent, adding or subtracting', () => {
    expect(adjustmentNeed(policy, 'u1', 'balance', 500, 1499.99)).toBeNull();
    expect(adjustmentNeed(policy, 'u1', 'balance', 500, 1500)).toEqual({
      kind: 'adjustment',
      target: 'users/u1',
      change: { field: 'balance', before: 500, after: 1500 },
      why: "Manage adjustments of $1,000.00 or more need a second administrator's approval."
    });
    expect(adjustmentNeed(policy, 'u1', 'Totaldeposit', 1500, 500)?.change).toEqual({ field: 'Totaldeposit', before: 1500, after: 500 });
    expect(adjustmentNeed(policy, 'u1', 'Totaldeposit', 1500, 500.01)).toBeNull();
  });

  it('reads a figure never set as zero, and keeps it as null in the change the rules compare', () => {
    expect(adjustmentNeed(policy, 'u1', 'TotalBonus', undefined, 999.99)).toBeNull();
    expect(adjustmentNeed(policy, 'u1', 'TotalBonus', undefined, 1000)?.change).toEqual({ field: 'TotalBonus', before: null, after: 1000 });
  });

  test.prop([
    fc.integer({ min: -50_000_000, max: 50_000_000 }),
    fc.integer({ min: 1, max: 300_000 }),
    fc.constantFrom('add' as const, 'subtract' as const),
    fc.integer({ min: -2, max: 2 })
  ])('covers an adjustment exactly when it moves the figure by at least the amount, either way', (beforeCents, amountCents, operation, centsOff) => {
    // The threshold a cent or two either side of the adjustment, or equal to it.
    const thresholdCents = Math.max(1, amountCents + centsOff);
    const before = fromCents(beforeCents);
    const after = adjusted(before, operation, fromCents(amountCents));
    const need = adjustmentNeed(readApprovalPolicy({ adjustmentAtLeast: fromCents(thresholdCents) }), 'u1', 'balance', before, after);
    expect(need !== null).toBe(amountCents >= thresholdCents);
    if (need) expect(need.change).toEqual({ field: 'balance', before, after });
  });

  it('no longer matches its request once the figure changed since it was asked', () => {
    const asked = adjustmentNeed(policy, 'u1', 'balance', 500, 1500)!;
    expect(matchesChange(asked, adjustmentNeed(policy, 'u1', 'balance', 500, 1500)!)).toBe(true);
    expect(matchesChange(asked, adjustmentNeed(policy, 'u1', 'balance', 600, 1600)!)).toBe(false);
    expect(matchesChange(asked, adjustmentNeed(policy, 'u1', 'Totaldeposit', 500, 1500)!)).toBe(false);
    expect(matchesChange(asked, adjustmentNeed(policy, 'u2', 'balance', 500, 1500)!)).toBe(false);
  });
});
