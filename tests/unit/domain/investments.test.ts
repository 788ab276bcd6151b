import { describe, expect, it } from 'vitest';
import { changeCompoundInvestmentStatus, changeInvestmentStatus } from '../../../src/shared/domain/investments';
import { compoundInvestmentStatuses, investmentStatuses } from '../../../src/shared/domain/statuses';

const pairs = <T extends string>(statuses: readonly T[]) => statuses.flatMap((from) => statuses.filter((to) => to !== from).map((to) => [from, to] as [T, T]));

describe('investment statuses', () => {
  it.each(pairs(investmentStatuses))('%s -> %s is allowed, audited, with no money effects', (from, to) => {
    const result = changeInvestmentStatus({ id: 'i1', data: { status: from, email: 'a@b.c' } }, to);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changes).toEqual([{ path: 'investments/i1', set: { status: to } }]);
    expect(result.value.effects).toEqual([]);
    expect(result.value.audit).toMatchObject({ kind: 'investment', entityPath: 'investments/i1' });
  });

  it.each(investmentStatuses)('%s -> itself is a no-op conflict', (status) => {
    expect(changeInvestmentStatus({ id: 'i1', data: { status } }, status).ok).toBe(false);
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
