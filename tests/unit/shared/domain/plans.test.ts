import { describe, expect, it } from 'vitest';
import { checkPlan, updatePlan } from '@shared/domain/plans';

const gold = { name: 'Gold', min: 5000, max: 19999, roi: 12, duration: 30 };

describe('plan validation', () => {
  it('accepts a sensible plan', () => {
    expect(checkPlan(gold)).toEqual({});
    expect(checkPlan({ ...gold, min: 100, max: 100, roi: 0, duration: 1 })).toEqual({});
  });

  it.each([
    [{ name: '  ' }, { name: 'Enter a name.' }],
    [{ min: Number.NaN }, { min: 'Enter a number.' }],
    [{ min: -1 }, { min: 'The minimum cannot be negative.' }],
    [{ min: 500, max: 100 }, { max: 'The maximum must be at least the minimum.' }],
    [{ roi: -0.5 }, { roi: 'ROI cannot be negative.' }],
    [{ duration: 2.5 }, { duration: 'Enter a whole number of days.' }],
    [{ duration: 0 }, { duration: 'A plan lasts at least 1 day.' }],
    [{ max: '10' }, { max: 'Enter a number.' }]
  ])('refuses %j', (change, problems) => {
    expect(checkPlan({ ...gold, ...change })).toEqual(problems);
  });
});

describe('updating a plan', () => {
  it('writes only the changed fields, audited', () => {
    const result = updatePlan('gold', gold, { ...gold, roi: 13.5 });
    expect(result.ok && result.value.changes).toEqual([{ path: 'investmentPlans/gold', set: { roi: 13.5 } }]);
    expect(result.ok && result.value.audit.before).toEqual({ 'investmentPlans/gold.roi': 12 });
    expect(result.ok && result.value.message).toBe('Plan updated successfully.');
  });

  it('refuses an invalid plan and an unchanged one', () => {
    expect(updatePlan('gold', gold, { ...gold, max: 1 })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(updatePlan('gold', gold, gold)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });
});
