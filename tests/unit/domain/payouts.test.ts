import { describe, expect, it } from 'vitest';
import type { DocSnapshot } from '../../../src/shared/domain/changeset';
import { changeInvestmentStatus, PAID_OUT_LOCKED } from '../../../src/shared/domain/investments';
import { ALREADY_PAID, payOutInvestment, PAYOUTS_OFF, type PayoutInput } from '../../../src/shared/domain/payouts';
import { StoredTimestamp } from '../../../src/shared/domain/stored';
import { defaultPlatformSettings } from '../../../src/shared/domain/platformSettings';
import { customer, PLATFORM } from './builders';

const DAY = 86_400_000;
const now = new Date(Date.UTC(2026, 5, 1));
const createdDaysAgo = (days: number) => new StoredTimestamp((now.getTime() - days * DAY) / 1000, 0);

const matured = (data: Record<string, unknown> = {}): DocSnapshot => ({
  id: 'inv9',
  data: { userId: 'u1', email: 'u1@example.com', plan: 'Gold', roi: 12, duration: 30, amount: 1000, status: 'active', createdAt: createdDaysAgo(31), ...data }
});

const input = (over: Partial<PayoutInput> = {}): PayoutInput => ({
  investment: matured(),
  customer: { by: 'userId', userId: 'u1', found: customer('u1', { fullname: 'Uma One', balance: 50.5, totalearnings: 10 }) },
  settings: { ...defaultPlatformSettings, paysMaturedInvestments: true },
  now,
  platformName: PLATFORM,
  ...over
});

describe('paying out a matured investment', () => {
  it('completes it, credits principal + ROI to the balance and the ROI to the earnings, audits both and e-mails the customer', () => {
    const result = payOutInvestment(input());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { changes, audit, emails, effects, message } = result.value;
    expect(changes).toEqual([
      { path: 'investments/inv9', set: { status: 'completed', paidOutAt: new StoredTimestamp(now.getTime() / 1000, 0) } },
      { path: 'users/u1', set: { balance: 1170.5, totalearnings: 130 } }
    ]);
    expect(audit).toMatchObject({
      kind: 'investment',
      action: 'investment.payout',
      entityPath: 'investments/inv9',
      summary: 'Investment of u1@example.com (Gold) paid out: $1,000.00 + ROI $120.00',
      before: { 'investments/inv9.status': 'active', 'users/u1.balance': 50.5, 'users/u1.totalearnings': 10 },
      after: { 'investments/inv9.status': 'completed', 'users/u1.balance': 1170.5, 'users/u1.totalearnings': 130 },
      movedUserId: 'u1',
      moved: { balance: 112_000, totalearnings: 12_000 }
    });
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'investmentCompleted', to: 'u1@example.com', subject: 'Investment Completed', about: 'investments/inv9' });
    expect(emails[0]!.text).toContain('$1,000.00');
    expect(emails[0]!.text).toContain('$120.00');
    expect(emails[0]!.text).toContain('$1,170.50');
    expect(effects).toEqual([
      { key: 'users/u1.balance', label: 'Balance of Uma One (principal and ROI)', before: 50.5, after: 1170.5 },
      { key: 'users/u1.totalearnings', label: 'Total earnings of Uma One (ROI)', before: 10, after: 130 }
    ]);
    expect(message).toBe("Investment paid out. Uma One's balance is now $1,170.50.");
  });

  it('is refused, saying why, while the platform pays matured investments elsewhere', () => {
    expect(payOutInvestment(input({ settings: { ...defaultPlatformSettings, paysMaturedInvestments: false } }))).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: PAYOUTS_OFF }
    });
  });

  it('is refused with CONFLICT unless the investment is active, and never twice', () => {
    for (const status of ['completed', 'cancelled', 'pending', undefined]) {
      const refused = payOutInvestment(input({ investment: matured({ status }) }));
      expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    }
    expect(payOutInvestment(input({ investment: matured({ status: 'completed' }) }))).toMatchObject({
      error: { message: 'This investment is completed, not active, so it cannot be paid out.' }
    });
    const paid = matured({ paidOutAt: createdDaysAgo(1) });
    expect(payOutInvestment(input({ investment: paid }))).toEqual({ ok: false, error: { code: 'CONFLICT', message: ALREADY_PAID } });
    // Set back to active by hand, it is still locked: a second payout cannot happen.
    expect(changeInvestmentStatus(paid, 'cancelled')).toEqual({ ok: false, error: { code: 'CONFLICT', message: PAID_OUT_LOCKED } });
  });

  it('is refused before maturity, and when maturity or what it owes cannot be read', () => {
    expect(payOutInvestment(input({ investment: matured({ createdAt: createdDaysAgo(28) }) }))).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'This investment has not matured yet (2 days left), so it cannot be paid out.' }
    });
    expect(payOutInvestment(input({ investment: matured({ createdAt: createdDaysAgo(30) }) })).ok).toBe(true);
    expect(payOutInvestment(input({ investment: matured({ duration: '30' }) }))).toMatchObject({
      error: {
        code: 'VALIDATION',
        message: 'This investment cannot be paid out: its duration ("30") is not a whole number of days, so its maturity is unknown.'
      }
    });
    expect(payOutInvestment(input({ investment: matured({ amount: Number.NaN }) }))).toMatchObject({ error: { code: 'VALIDATION' } });
    expect(payOutInvestment(input({ investment: matured({ roi: null }) }))).toMatchObject({ error: { code: 'VALIDATION' } });
  });

  it('finds the customer by userId, or by e-mail where there is none: none is NOT_FOUND, several CONFLICT', () => {
    expect(payOutInvestment(input({ customer: { by: 'userId', userId: 'u1', found: null } }))).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'The customer of this investment (users/u1) does not exist.' }
    });
    const byEmail = (found: DocSnapshot[]) =>
      payOutInvestment(input({ investment: matured({ userId: null }), customer: { by: 'email', email: 'u1@example.com', found } }));
    expect(byEmail([])).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.stringContaining('No customer has the e-mail u1@example.com') } });
    expect(byEmail([customer('a'), customer('b')])).toMatchObject({
      error: { code: 'CONFLICT', message: expect.stringContaining('2 customers have the e-mail u1@example.com (users/a, users/b)') }
    });
    expect(byEmail([customer('a')])).toMatchObject({ ok: true, value: { audit: { movedUserId: 'a' } } });
    expect(payOutInvestment(input({ customer: { by: 'none' } }))).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('refuses figures it cannot compute with, and results beyond the bound', () => {
    const found = (data: Record<string, unknown>) => ({ by: 'userId' as const, userId: 'u1', found: customer('u1', data) });
    expect(payOutInvestment(input({ customer: found({ balance: 'lots' }) }))).toMatchObject({ error: { code: 'VALIDATION' } });
    expect(payOutInvestment(input({ customer: found({ totalearnings: Number.POSITIVE_INFINITY }) }))).toMatchObject({ error: { code: 'VALIDATION' } });
    expect(payOutInvestment(input({ customer: found({ balance: 999_999_500 }) }))).toMatchObject({ error: { code: 'VALIDATION' } });
  });

  it('still pays a customer without an e-mail address, and notes that nobody was told', () => {
    const result = payOutInvestment(
      input({ investment: matured({ email: null }), customer: { by: 'userId', userId: 'u1', found: customer('u1', { email: null }) } })
    );
    expect(result).toMatchObject({ ok: true, value: { emails: [], audit: { notes: ['The customer has no e-mail address on file, so no e-mail was sent.'] } } });
  });
});
