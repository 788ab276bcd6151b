import { describe, expect, it } from 'vitest';
import { changeDepositStatus, type DepositChangeInput } from '@shared/domain/deposits';
import { changeInvestmentStatus } from '@shared/domain/investments';
import { payOutInvestment } from '@shared/domain/payouts';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { StoredTimestamp } from '@shared/domain/stored';
import { changeWithdrawalStatus } from '@shared/domain/withdrawals';
import { customer, deposit, PLATFORM, withdrawal } from '../../../support/builders';

// The money each decision moved in or out of the platform, in cents, on its audit entry: the daily
// snapshot sums these per day (docs/product-rules.md §10.7).

const decided = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

const depositInput = (over: Partial<DepositChangeInput> = {}): DepositChangeInput => ({
  deposit: deposit({ amount: 123.45 }),
  depositor: customer('u1', { Totaldeposit: 100, referreduserid: 'REF-r1' }),
  referrers: [customer('r1', { balance: 10 })],
  platformName: PLATFORM,
  ...over
});

describe('flows on a decision’s audit entry', () => {
  it('a deposit credited carries its amount, and the referral bonus it paid', () => {
    expect(decided(changeDepositStatus(depositInput(), 'success')).audit.flows).toEqual({ creditedDeposits: 12_345, bonuses: 617 });
  });

  it('a deposit credited without a bonus (no single referrer) carries the deposit alone', () => {
    expect(decided(changeDepositStatus(depositInput({ referrers: [] }), 'success')).audit.flows).toEqual({ creditedDeposits: 12_345 });
  });

  it('a deposit that moves between pending and failed moves no money', () => {
    expect(decided(changeDepositStatus(depositInput(), 'failed')).audit.flows).toBeUndefined();
  });

  it('a withdrawal approved carries its amount; a rejection, which refunds the balance, carries none', () => {
    const input = { withdrawal: withdrawal({ amount: 250.1 }), withdrawer: customer('u1', { balance: 5, Totalwithdrawal: 0 }), platformName: PLATFORM };
    expect(decided(changeWithdrawalStatus(input, 'approved')).audit.flows).toEqual({ approvedWithdrawals: 25_010 });
    expect(decided(changeWithdrawalStatus(input, 'rejected')).audit.flows).toBeUndefined();
  });

  it('a payout carries principal and ROI credited; a status set by hand moves nothing', () => {
    const now = new Date(Date.UTC(2026, 5, 1));
    const investment = {
      id: 'inv9',
      data: {
        userId: 'u1',
        email: 'u1@example.com',
        plan: 'Gold',
        roi: 12,
        duration: 30,
        amount: 1000,
        status: 'active',
        createdAt: new StoredTimestamp(now.getTime() / 1000 - 31 * 86_400, 0)
      }
    };
    const payout = payOutInvestment({
      investment,
      customer: { by: 'userId', userId: 'u1', found: customer('u1', { balance: 50.5, totalearnings: 10 }) },
      settings: { ...defaultPlatformSettings, paysMaturedInvestments: true },
      now,
      platformName: PLATFORM,
      plan: { by: 'name', name: 'Gold', plans: [{ id: 'gold', data: { name: 'Gold', min: 500, max: 5000, roi: 12, duration: 30 } }] },
      history: []
    });
    expect(decided(payout).audit.flows).toEqual({ payouts: 112_000 });
    expect(decided(changeInvestmentStatus({ investment, now }, 'completed')).audit.flows).toBeUndefined();
  });
});
