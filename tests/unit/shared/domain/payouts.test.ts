import { describe, expect, it } from 'vitest';
import type { DocSnapshot } from '@shared/domain/changeset';
import { changeInvestmentStatus, PAID_OUT_LOCKED } from '@shared/domain/investments';
import { ALREADY_PAID, payOutInvestment, payoutOverrides, PAYOUTS_OFF, type PayoutInput } from '@shared/domain/payouts';
import type { PlanLookup } from '@shared/domain/planTerms';
import { StoredTimestamp } from '@shared/domain/stored';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { customer, PLATFORM } from '../../../support/builders';

const DAY = 86_400_000;
const now = new Date(Date.UTC(2026, 5, 1));
const createdDaysAgo = (days: number) => new StoredTimestamp((now.getTime() - days * DAY) / 1000, 0);

const matured = (data: Record<string, unknown> = {}): DocSnapshot => ({
  id: 'inv9',
  data: { userId: 'u1', email: 'u1@example.com', plan: 'Gold', roi: 12, duration: 30, amount: 1000, status: 'active', createdAt: createdDaysAgo(31), ...data }
});

const GOLD: DocSnapshot = { id: 'gold', data: { name: 'Gold', min: 500, max: 5000, roi: 12, duration: 30 } };
const byName = (name = 'Gold', plans: DocSnapshot[] = [GOLD]): PlanLookup => ({ by: 'name', name, plans });

const input = (over: Partial<PayoutInput> = {}): PayoutInput => ({
  investment: matured(),
  customer: { by: 'userId', userId: 'u1', found: customer('u1', { fullname: 'Uma One', balance: 50.5, totalearnings: 10 }) },
  settings: { ...defaultPlatformSettings, paysMaturedInvestments: true },
  now,
  platformName: PLATFORM,
  plan: byName(),
  history: [],
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
    expect(changeInvestmentStatus({ investment: paid, now }, 'cancelled')).toEqual({ ok: false, error: { code: 'CONFLICT', message: PAID_OUT_LOCKED } });
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

  describe("without question only for an investment never cancelled or completed before, on its plan's terms, of a customer not suspended", () => {
    const needs = (over: Partial<PayoutInput>) => payOutInvestment(input(over));
    const refusal = (...overrides: string[]) => ({
      ok: false,
      error: {
        code: 'VALIDATION',
        message: `Paying out this investment needs an override reason. ${overrides.join(' ')} Pay it out on its own and give the reason.`
      }
    });
    const REACTIVATED = 'This investment was cancelled and set back to active on 20 May 2026.';
    const reactivated = matured({ reactivatedFrom: 'cancelled', reactivatedAt: new StoredTimestamp(Date.UTC(2026, 4, 20) / 1000, 0), reactivations: 1 });

    it('pays a clean one on its plan found by name, trimmed and in any letter case, or by its planId', () => {
      expect(payoutOverrides(input())).toEqual([]);
      expect(needs({ investment: matured({ plan: '  gOLD ' }), plan: byName('gOLD', [{ id: 'x', data: { name: ' gold', roi: 12, duration: 30 } }]) }).ok).toBe(
        true
      );
      expect(needs({ investment: matured({ planId: 'gold', plan: 'Renamed' }), plan: { by: 'id', planId: 'gold', found: GOLD } }).ok).toBe(true);
    });

    it('asks for a reason for one cancelled and set back to active, and for one the audit log shows completed before', () => {
      expect(needs({ investment: reactivated })).toEqual(refusal(REACTIVATED));
      const history: DocSnapshot[] = [
        {
          id: 'a1',
          data: {
            entityPath: 'investments/inv9',
            before: { 'investments/inv9.status': 'active' },
            after: { 'investments/inv9.status': 'completed' },
            at: createdDaysAgo(3)
          }
        }
      ];
      expect(needs({ history })).toEqual(
        refusal('The audit log shows this investment was completed before (a status change on 29 May 2026); it is active again.')
      );
    });

    it("asks for a reason when its ROI and duration are not its plan's, or when its plan cannot be found", () => {
      expect(needs({ investment: matured({ roi: 500, duration: 1 }) })).toEqual(
        refusal("Its ROI 500% over 1 day differs from the plan Gold's 12% over 30 days.")
      );
      expect(needs({ plan: byName('Gold', []) })).toEqual(refusal('No plan named "Gold" exists.'));
      expect(needs({ investment: matured({ planId: 'gone' }), plan: { by: 'id', planId: 'gone', found: null } })).toEqual(
        refusal('No plan with the id gone exists (investmentPlans/gone).')
      );
      expect(needs({ investment: matured({ plan: null }), plan: { by: 'none' } })).toMatchObject({
        error: { code: 'VALIDATION', message: expect.stringContaining('It names no plan') }
      });
    });

    it('compares with the plan terms kept at activation where the investment has them, not with the plan as edited since', () => {
      const kept = { planId: 'gold', name: 'Gold', roi: 10, duration: 30 };
      expect(needs({ investment: matured({ roi: 10, planTerms: kept }) }).ok).toBe(true);
      expect(needs({ investment: matured({ planTerms: kept }) })).toEqual(
        refusal("Its ROI 12% over 30 days differs from the plan Gold's 10% over 30 days, kept when it was activated.")
      );
    });

    it('asks for a reason for a suspended customer, and names every override at once', () => {
      const suspended = customer('u1', { fullname: 'Uma One', suspended: true, suspension: { reason: 'Fraud inquiry' } });
      expect(needs({ customer: { by: 'userId', userId: 'u1', found: suspended } })).toEqual(refusal('Uma One is suspended: Fraud inquiry.'));
      expect(payoutOverrides(input({ investment: { ...reactivated, data: { ...reactivated.data, roi: 500 } } }))).toEqual([
        REACTIVATED,
        "Its ROI 500% over 30 days differs from the plan Gold's 12% over 30 days."
      ]);
    });

    it('with an override reason pays it, and the audit entry keeps the reason and what was overridden', () => {
      const paid = needs({ investment: reactivated, overrideReason: '  Reinstated after the bank confirmed the transfer.  ' });
      expect(paid).toMatchObject({
        ok: true,
        value: {
          audit: {
            overrideReason: 'Reinstated after the bank confirmed the transfer.',
            notes: [`Paid out with an override: ${REACTIVATED}`]
          }
        }
      });
      expect(needs({ investment: reactivated, overrideReason: '   ' })).toEqual(refusal(REACTIVATED));
      // A clean payout given a reason anyway does not store it: nothing was overridden.
      const clean = needs({ overrideReason: 'Not needed here.' });
      expect(clean.ok && clean.value.audit.overrideReason).toBeUndefined();
    });
  });
});
