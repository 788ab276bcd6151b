import { describe, expect, it } from 'vitest';
import type { DocSnapshot } from '@shared/domain/changeset';
import { activationTerms, planKeyOf, termsProblem, type PlanLookup } from '@shared/domain/planTerms';

const plan = (id: string, data: Record<string, unknown>): DocSnapshot => ({ id, data });
const investment = (data: Record<string, unknown>): DocSnapshot => ({ id: 'i1', data: { roi: 12, duration: 30, ...data } });
const PLANS = [plan('gold', { name: 'Gold', roi: 12, duration: 30 }), plan('silver', { name: 'Silver', roi: 8, duration: 14 })];

describe("an investment's plan and its terms", () => {
  it('is looked up by planId where the investment stores one, else by its plan name, else not at all', () => {
    expect(planKeyOf(investment({ planId: ' gold ', plan: 'Silver' }))).toEqual({ by: 'id', planId: 'gold' });
    expect(planKeyOf(investment({ planId: 'a/b', plan: ' Silver ' }))).toEqual({ by: 'name', name: 'Silver' });
    expect(planKeyOf(investment({ plan: 7 }))).toEqual({ by: 'none' });
  });

  it('keeps at activation the terms of the one plan found; none when no plan, several, or terms that cannot be read', () => {
    expect(activationTerms({ by: 'name', name: 'GOLD', plans: PLANS })).toEqual({ planId: 'gold', name: 'Gold', roi: 12, duration: 30 });
    expect(activationTerms({ by: 'name', name: 'Bronze', plans: PLANS })).toBeNull();
    expect(activationTerms({ by: 'name', name: 'gold', plans: [...PLANS, plan('gold2', { name: 'gold ', roi: 1, duration: 3 })] })).toBeNull();
    expect(activationTerms({ by: 'id', planId: 'x', found: plan('x', { name: 'X', roi: '12', duration: 30 }) })).toBeNull();
  });

  it("says nothing when the ROI and duration are one of its plans', and says how they differ otherwise", () => {
    const byName = (name: string, plans = PLANS): PlanLookup => ({ by: 'name', name, plans });
    expect(termsProblem(investment({}), byName('gold'))).toBeNull();
    expect(termsProblem(investment({ roi: 500, duration: 1 }), byName('Gold'))).toBe("Its ROI 500% over 1 day differs from the plan Gold's 12% over 30 days.");
    expect(termsProblem(investment({ duration: 31 }), byName('Gold'))).toBe("Its ROI 12% over 31 days differs from the plan Gold's 12% over 30 days.");
    expect(termsProblem(investment({ roi: '12' }), byName('Gold'))).toMatch(/^Its ROI 12% over 30 days differs/);
    expect(termsProblem(investment({}), byName('Bronze'))).toBe('No plan named "Bronze" exists.');
    expect(termsProblem(investment({}), byName('Gold', [plan('gold', { name: 'Gold', roi: null, duration: 30 })]))).toBe(
      "The ROI or duration of the plan Gold cannot be read, so this investment's cannot be checked."
    );
    expect(termsProblem(investment({ planTerms: 'Gold' }), byName('Gold'))).toMatch(/^The plan terms kept on this investment \(planTerms\) cannot be read/);
  });
});
