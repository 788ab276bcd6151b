import { describe, expect, it } from 'vitest';
import type { DocSnapshot } from '@shared/domain/changeset';
import { payoutOverrides } from '@shared/domain/payouts';
import { buildDemoData } from '../../../../tools/devenv/seed';

// The demo's investments are clean (docs/product-rules.md §5.7): paying one from the Due tab never asks for an override reason.
describe("the demo's active investments", () => {
  it("are on their plans' terms, never set back to active, and of customers not suspended", () => {
    const docs = buildDemoData(Date.UTC(2026, 5, 1)).docs;
    const of = (collection: string): DocSnapshot[] => docs.filter((d) => d.collection === collection).map(({ id, data }) => ({ id, data }));
    const plans = of('investmentPlans');
    const users = new Map(of('users').map((user) => [user.id, user]));
    const active = of('investments').filter((investment) => investment.data.status === 'active');
    expect(active.length).toBeGreaterThan(10);
    for (const investment of active) {
      const userId = String(investment.data.userId);
      const overrides = payoutOverrides({
        investment,
        customer: { by: 'userId', userId, found: users.get(userId) ?? null },
        plan: { by: 'name', name: String(investment.data.plan), plans },
        history: []
      });
      expect(overrides, `investments/${investment.id}`).toEqual([]);
    }
  });
});
