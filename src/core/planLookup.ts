import type { DocSnapshot } from '../shared/domain/changeset';
import { planKeyOf, PLANS_READ_LIMIT, type PlanLookup } from '../shared/domain/planTerms';
import type { TransactionReader } from './ports/ledgerStore';

/**
 * An investment's plan, read where the rule decides (inside the commit's transaction, or the
 * preview's reads, so it is part of the version): the plan at its `planId`, else every plan, for
 * the rule to match the name trimmed and in any letter case (src/shared/domain/planTerms.ts).
 */
export async function lookUpPlan(read: TransactionReader, investment: DocSnapshot): Promise<PlanLookup> {
  const key = planKeyOf(investment);
  if (key.by === 'id') return { ...key, found: await read.get(`investmentPlans/${key.planId}`) };
  if (key.by === 'name') return { ...key, plans: await read.listAll('investmentPlans', PLANS_READ_LIMIT) };
  return key;
}
