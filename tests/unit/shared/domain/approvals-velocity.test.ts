import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesChange, readApprovalPolicy, withdrawalNeed, withdrawalVelocityNeed } from '@shared/domain/approvals';
import { formatUsd, fromCents, MAX_AMOUNT, toCents } from '@shared/domain/money';

// docs/product-rules.md §15.6, "A customer's withdrawals over 24 hours".
const policy = readApprovalPolicy({ withdrawalsIn24hAtLeast: 1000 });
const withdrawal = (cents: number, extra: { email?: string | null; amount?: unknown } = {}) => ({
  id: 'w1',
  amount: extra.amount ?? fromCents(cents),
  cents,
  ...('email' in extra ? { email: extra.email } : {})
});

describe("a customer's withdrawals over 24 hours", () => {
  it('asks a second administrator from the total on, this withdrawal included, to the cent', () => {
    expect(withdrawalVelocityNeed(policy, withdrawal(30_000), 69_999, 'approved')).toBeNull();
    const need = withdrawalVelocityNeed(policy, withdrawal(30_000, { email: 'wes@example.com' }), 70_000, 'approved');
    expect(need).toEqual({
      kind: 'withdrawal',
      target: 'withdrawals/w1',
      change: { status: 'approved', amount: 300 },
      why: "This withdrawal takes wes@example.com's withdrawals in 24 hours to $1,000.00; from $1,000.00 a second administrator must approve."
    });
  });

  it('holds the threshold to the cent for any split of the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (thresholdCents, thisCents, othersCents) => {
          const p = readApprovalPolicy({ withdrawalsIn24hAtLeast: fromCents(thresholdCents) });
          const need = withdrawalVelocityNeed(p, withdrawal(thisCents), othersCents, 'approved');
          expect(need !== null).toBe(thisCents + othersCents >= thresholdCents);
          // One cent less of the others and the same withdrawal is not covered at the edge.
          const atEdge = thresholdCents - thisCents;
          if (atEdge >= 1) {
            expect(withdrawalVelocityNeed(p, withdrawal(thisCents), atEdge, 'approved')).not.toBeNull();
            expect(withdrawalVelocityNeed(p, withdrawal(thisCents), atEdge - 1, 'approved')).toBeNull();
          }
          if (need) expect(need.why).toContain(`to ${formatUsd(fromCents(thisCents + othersCents))};`);
        }
      )
    );
  });

  it("names the customer when there is no e-mail, and asks the same change as the single-amount rule (the rules' check fits)", () => {
    const need = withdrawalVelocityNeed(policy, withdrawal(50_000, { email: '  ', amount: '500.00' }), 60_000, 'approved');
    expect(need?.why).toBe("This withdrawal takes the customer's withdrawals in 24 hours to $1,100.00; from $1,000.00 a second administrator must approve.");
    // The stored amount as it is (text here): firestore.rules compare the request's amount with the record's.
    expect(need?.change).toEqual({ status: 'approved', amount: '500.00' });
    const single = withdrawalNeed(readApprovalPolicy({ withdrawalAtLeast: 1 }), withdrawal(50_000, { amount: '500.00' }), 'approved')!;
    expect(matchesChange({ target: single.target, change: single.change }, need!)).toBe(true);
  });

  it('uses the single-amount rule when both cover the withdrawal', () => {
    const both = readApprovalPolicy({ withdrawalAtLeast: 500, withdrawalsIn24hAtLeast: 1000 });
    expect(withdrawalVelocityNeed(both, withdrawal(60_000), 50_000, 'approved')?.why).toBe(
      "Withdrawals of $500.00 or more need a second administrator's approval."
    );
    expect(withdrawalVelocityNeed(both, withdrawal(40_000), 60_000, 'approved')?.why).toContain('in 24 hours to $1,000.00');
  });

  it('covers nothing when the rule is off, for any other status, or for an amount that cannot be read', () => {
    expect(withdrawalVelocityNeed(readApprovalPolicy({}), withdrawal(toCents(MAX_AMOUNT)), 10_000_000, 'approved')).toBeNull();
    for (const status of ['pending', 'rejected', 'canceled']) expect(withdrawalVelocityNeed(policy, withdrawal(90_000), 90_000, status)).toBeNull();
    expect(withdrawalVelocityNeed(policy, { id: 'w1', amount: 'NaN', cents: null }, 200_000, 'approved')).toBeNull();
  });
});
