import { describe, expect, it } from 'vitest';
import type { Plan } from '@shared/contract';
import { isUnchanged, toDraft, toInput } from '@renderer/features/plans/plan-draft';

const plan = (over: Partial<Plan> = {}): Plan => ({ id: 'p1', name: 'Gold', min: 100, max: 1000, roi: 12.5, duration: 30, ...over }) as Plan;

describe('a plan row as typed', () => {
  it('starts from the stored plan, a missing value as an empty box', () => {
    expect(toDraft(plan())).toEqual({ name: 'Gold', min: '100', max: '1000', roi: '12.5', duration: '30' });
    expect(toDraft(plan({ name: null, roi: null }))).toEqual({ name: '', min: '100', max: '1000', roi: '', duration: '30' });
  });

  it('reads the boxes as numbers; an empty box is no number at all (NaN), not zero', () => {
    expect(toInput({ name: ' Gold ', min: ' 100 ', max: '1e3', roi: '', duration: 'abc' })).toEqual({
      name: 'Gold',
      min: 100,
      max: 1000,
      roi: Number.NaN,
      duration: Number.NaN
    });
  });

  it('is unchanged when saving would change nothing, however it is typed', () => {
    expect(isUnchanged(plan(), toInput(toDraft(plan())))).toBe(true);
    expect(isUnchanged(plan(), toInput({ name: 'Gold ', min: '100.0', max: '1e3', roi: '12.50', duration: '30' }))).toBe(true);
    expect(isUnchanged(plan({ roi: null }), toInput({ name: 'Gold', min: '100', max: '1000', roi: '', duration: '30' }))).toBe(true);
  });

  it('is changed by any field', () => {
    const draft = toDraft(plan());
    for (const field of ['name', 'min', 'max', 'roi', 'duration'] as const) {
      expect(isUnchanged(plan(), toInput({ ...draft, [field]: `${draft[field]}1` }))).toBe(false);
    }
    expect(isUnchanged(plan({ roi: null }), toInput({ ...draft, roi: '0' }))).toBe(false);
  });
});
