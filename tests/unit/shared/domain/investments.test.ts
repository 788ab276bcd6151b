import { describe, expect, it } from 'vitest';
import type { DocSnapshot } from '@shared/domain/changeset';
import { changeCompoundInvestmentStatus, changeInvestmentStatus, reactivationProblem } from '@shared/domain/investments';
import { compoundInvestmentStatuses, investmentStatuses } from '@shared/domain/statuses';
import { StoredTimestamp } from '@shared/domain/stored';

const pairs = <T extends string>(statuses: readonly T[]) => statuses.flatMap((from) => statuses.filter((to) => to !== from).map((to) => [from, to] as [T, T]));

const now = new Date(Date.UTC(2026, 4, 12, 9, 30));
const at = (date: Date) => new StoredTimestamp(Math.floor(date.getTime() / 1000), (date.getTime() % 1000) * 1e6);
const changing = (data: Record<string, unknown>) => ({ investment: { id: 'i1', data }, now });

describe('investment statuses', () => {
  it.each(pairs(investmentStatuses).filter(([, to]) => to !== 'active'))('%s -> %s is allowed, audited, with no money effects', (from, to) => {
    const result = changeInvestmentStatus(changing({ status: from, email: 'a@b.c' }), to);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changes).toEqual([{ path: 'investments/i1', set: { status: to } }]);
    expect(result.value.effects).toEqual([]);
    expect(result.value.audit).toMatchObject({ kind: 'investment', entityPath: 'investments/i1' });
  });

  it.each(investmentStatuses)('%s -> itself is a no-op conflict', (status) => {
    expect(changeInvestmentStatus(changing({ status }), status).ok).toBe(false);
  });

  it.each(['cancelled', 'completed'])('%s -> active is allowed, and recorded as a re-activation on the investment and its audit entry', (from) => {
    const result = changeInvestmentStatus(changing({ status: from, email: 'a@b.c', reactivations: 1 }), 'active');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const mark = { reactivatedAt: at(now), reactivatedFrom: from, reactivations: 2 };
    expect(result.value.changes).toEqual([{ path: 'investments/i1', set: { status: 'active', ...mark } }]);
    expect(result.value.effects).toEqual([]);
    expect(result.value.audit.before).toEqual({
      'investments/i1.status': from,
      'investments/i1.reactivatedAt': null,
      'investments/i1.reactivatedFrom': null,
      'investments/i1.reactivations': 1
    });
    expect(result.value.audit.after).toEqual({
      'investments/i1.status': 'active',
      'investments/i1.reactivatedAt': at(now),
      'investments/i1.reactivatedFrom': from,
      'investments/i1.reactivations': 2
    });
    expect(result.value.audit.notes).toEqual([`Set back to active after being ${from}: paying it out at maturity will need an override reason.`]);
  });

  it('keeps the plan found by name (trimmed, any case) on an investment that becomes active, and never replaces terms it already has', () => {
    const gold: DocSnapshot = { id: 'gold', data: { name: 'Gold ', roi: 12, duration: 30, min: 1, max: 9 } };
    const plan = { by: 'name' as const, name: 'gold', plans: [{ id: 'starter', data: { name: 'Starter', roi: 5, duration: 7 } }, gold] };
    const terms = { planId: 'gold', name: 'Gold', roi: 12, duration: 30 };
    const activated = changeInvestmentStatus({ ...changing({ status: 'pending', plan: ' gold' }), plan }, 'active');
    expect(activated).toMatchObject({ ok: true, value: { changes: [{ path: 'investments/i1', set: { status: 'active', planTerms: terms } }] } });
    expect(activated.ok && activated.value.audit.after['investments/i1.planTerms']).toEqual(terms);
    const kept = { planId: 'gold', name: 'Gold', roi: 10, duration: 30 };
    const again = changeInvestmentStatus({ ...changing({ status: 'cancelled', planTerms: kept }), plan }, 'active');
    expect(again.ok && again.value.changes[0]!.set.planTerms).toBeUndefined();
    const none = changeInvestmentStatus({ ...changing({ status: 'pending' }), plan: { by: 'name', name: 'Bronze', plans: [gold] } }, 'active');
    expect(none.ok && none.value.changes).toEqual([{ path: 'investments/i1', set: { status: 'active' } }]);
  });
});

describe('whether an investment was cancelled or completed before (a payout asks)', () => {
  const entry = (id: string, before: string, after: string, day: number): DocSnapshot => ({
    id,
    data: {
      action: 'investment.status',
      entityPath: 'investments/i1',
      before: { 'investments/i1.status': before },
      after: { 'investments/i1.status': after },
      at: at(new Date(Date.UTC(2026, 4, day)))
    }
  });
  const investment = (data: Record<string, unknown> = {}): DocSnapshot => ({ id: 'i1', data: { status: 'active', ...data } });

  it('is clean when only activated: no mark, and no audit entry showing it cancelled or completed', () => {
    expect(reactivationProblem(investment(), [])).toBeNull();
    expect(reactivationProblem(investment(), [entry('a1', 'pending', 'active', 2)])).toBeNull();
  });

  it('says when it was set back to active, from its mark', () => {
    expect(reactivationProblem(investment({ reactivatedFrom: 'cancelled', reactivatedAt: at(now), reactivations: 1 }), [])).toBe(
      'This investment was cancelled and set back to active on 12 May 2026.'
    );
    expect(reactivationProblem(investment({ reactivations: 3 }), [])).toBe(
      'This investment was cancelled or completed and set back to active on a date that cannot be read.'
    );
  });

  it('finds a cancel or completion made before the mark existed in its audit entries, the latest first', () => {
    const history = [entry('a1', 'pending', 'active', 2), entry('a2', 'active', 'cancelled', 3), entry('a3', 'completed', 'active', 5)];
    expect(reactivationProblem(investment(), history)).toBe(
      'The audit log shows this investment was completed before (a status change on 5 May 2026); it is active again.'
    );
  });
});

describe('compound investment statuses', () => {
  it.each(pairs(compoundInvestmentStatuses))('%s -> %s is allowed and audited', (from, to) => {
    const result = changeCompoundInvestmentStatus({ id: 'c1', data: { status: from } }, to);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.changes).toEqual([{ path: 'compoundInvest/c1', set: { status: to } }]);
  });

  it.each(compoundInvestmentStatuses)('%s -> itself is a no-op conflict', (status) => {
    const result = changeCompoundInvestmentStatus({ id: 'c1', data: { status } }, status);
    expect(result).toEqual({ ok: false, error: { code: 'CONFLICT', message: `This compound investment is already ${status}.` } });
  });
});
