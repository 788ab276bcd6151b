import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutNeed, PAYOUT_OVERRIDE_WHY } from '@shared/domain/approvalPayouts';
import { defaultApprovalPolicy, matchesChange, readApprovalPolicy } from '@shared/domain/approvals';
import type { DocSnapshot } from '@shared/domain/changeset';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import type { PayoutInput } from '@shared/domain/payouts';
import { StoredTimestamp } from '@shared/domain/stored';
import { payoutRule } from '@core/payouts';
import { customer, PLATFORM } from '../../../support/builders';

const on = readApprovalPolicy({ payoutOverride: true });
const SUSPENDED = ['Uma One is suspended: chargeback under review.'];

describe('payoutNeed: a payout with an override under the approval policy', () => {
  it('asks a second administrator for the investment, its completion and its amount as stored', () => {
    expect(payoutNeed(on, 'inv9', 1000, SUSPENDED)).toEqual({
      kind: 'payout',
      target: 'investments/inv9',
      change: { status: 'completed', amount: 1000 },
      why: "Payouts with an override need a second administrator's approval."
    });
    // The amount exactly as the investment stores it (text stays text), so the rules compare it with resource.data.amount.
    expect(payoutNeed(on, 'inv9', '1000', SUSPENDED)?.change).toEqual({ status: 'completed', amount: '1000' });
  });

  it('is not needed while the policy is off, or for a payout that needs no override', () => {
    expect(payoutNeed(defaultApprovalPolicy, 'inv9', 1000, SUSPENDED)).toBeNull();
    expect(payoutNeed(readApprovalPolicy({ payoutOverride: 'yes' }), 'inv9', 1000, SUSPENDED)).toBeNull();
    expect(payoutNeed(on, 'inv9', 1000, [])).toBeNull();
  });

  it('covers exactly the payouts with an override while the switch is on, and its request matches only that investment and amount', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
        fc.integer({ min: 1, max: 100_000_000 }).map((cents) => cents / 100),
        (switchOn, overrides, amount) => {
          const need = payoutNeed(readApprovalPolicy({ payoutOverride: switchOn }), 'inv9', amount, overrides);
          expect(need !== null).toBe(switchOn && overrides.length > 0);
          if (!need) return;
          expect(need.why).toBe(PAYOUT_OVERRIDE_WHY);
          expect(matchesChange({ target: 'investments/inv9', change: { amount, status: 'completed' } }, need)).toBe(true);
          expect(matchesChange({ target: 'investments/inv8', change: { status: 'completed', amount } }, need)).toBe(false);
          expect(matchesChange({ target: 'investments/inv9', change: { status: 'completed', amount: amount + 0.01 } }, need)).toBe(false);
        }
      )
    );
  });
});

describe("the payout rule's approval step", () => {
  const DAY = 86_400_000;
  const now = new Date(Date.UTC(2026, 5, 1));
  const investment: DocSnapshot = {
    id: 'inv9',
    data: {
      userId: 'u1',
      email: 'u1@example.com',
      plan: 'Gold',
      roi: 12,
      duration: 30,
      amount: 1000,
      status: 'active',
      createdAt: new StoredTimestamp((now.getTime() - 31 * DAY) / 1000, 0)
    }
  };
  const input = (suspended: boolean, payoutOverride: boolean): PayoutInput => ({
    investment,
    customer: {
      by: 'userId',
      userId: 'u1',
      found: customer('u1', {
        fullname: 'Uma One',
        balance: 0,
        totalearnings: 0,
        ...(suspended ? { suspended: true, suspension: { reason: 'chargeback under review' } } : {})
      })
    },
    settings: { ...defaultPlatformSettings, paysMaturedInvestments: true, approvals: { ...defaultApprovalPolicy, payoutOverride } },
    now,
    platformName: PLATFORM,
    plan: { by: 'name', name: 'Gold', plans: [{ id: 'gold', data: { name: 'Gold', min: 500, max: 5000, roi: 12, duration: 30 } }] },
    history: []
  });

  it("asks for approval only for a payout the settings' policy covers that needs an override", () => {
    expect(payoutRule.approval?.(input(true, true), 'completed', 'inv9')).toMatchObject({
      kind: 'payout',
      target: 'investments/inv9',
      change: { amount: 1000 }
    });
    expect(payoutRule.approval?.(input(false, true), 'completed', 'inv9')).toBeNull();
    expect(payoutRule.approval?.(input(true, false), 'completed', 'inv9')).toBeNull();
  });
});
