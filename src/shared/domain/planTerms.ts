import type { DocSnapshot } from './changeset';
import { isDuration } from './maturity';

/**
 * An investment is paid on its plan's terms, not on whatever ROI and duration its own document
 * carries (docs/product-rules.md §5.7): a document saying 500% over 1 day must not be paid as it
 * says. The plan is found by `planId` where the investment stores one, else by `plan` (its name,
 * trimmed, in any letter case), and its terms are kept on the investment when it becomes active
 * (`planTerms`), so a plan edited later does not change what was agreed.
 */

/** A plan's terms as kept on an investment at activation. */
export interface PlanTerms {
  planId: string;
  name: string;
  roi: number;
  duration: number;
}

/** Plans read when an investment names its plan by name: a platform has a handful; more than this is not a plan list. */
export const PLANS_READ_LIMIT = 100;

/** Where an investment's plan is looked up. */
export type PlanKey = { by: 'id'; planId: string } | { by: 'name'; name: string } | { by: 'none' };

/** The plan as read for the rule: the document at its id, or every plan to match the name against. */
export type PlanLookup = { by: 'id'; planId: string; found: DocSnapshot | null } | { by: 'name'; name: string; plans: DocSnapshot[] } | { by: 'none' };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function planKeyOf(investment: DocSnapshot): PlanKey {
  const planId = text(investment.data.planId);
  if (planId && !planId.includes('/')) return { by: 'id', planId };
  const name = text(investment.data.plan);
  return name ? { by: 'name', name } : { by: 'none' };
}

const sameName = (a: unknown, b: string): boolean => text(a)?.toLowerCase() === b.toLowerCase();

/** The plans the lookup found: the one at the id, or those whose name is the investment's. */
export function plansFound(lookup: PlanLookup): DocSnapshot[] {
  if (lookup.by === 'id') return lookup.found ? [lookup.found] : [];
  if (lookup.by === 'name') return lookup.plans.filter((plan) => sameName(plan.data.name, lookup.name));
  return [];
}

const isRoi = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A plan's terms, or null when its ROI or duration cannot be read. */
export function termsOf(plan: DocSnapshot): PlanTerms | null {
  const { name, roi, duration } = plan.data;
  return isRoi(roi) && isDuration(duration) ? { planId: plan.id, name: text(name) ?? plan.id, roi, duration } : null;
}

/** The terms to keep on an investment that becomes active: those of its one plan, or null when none or several are found. */
export function activationTerms(lookup: PlanLookup): PlanTerms | null {
  const found = plansFound(lookup);
  return found.length === 1 ? termsOf(found[0]!) : null;
}

/** `planTerms` as stored on an investment: absent (undefined), unreadable (null) or the terms. */
export function storedTermsOf(investment: DocSnapshot): PlanTerms | null | undefined {
  const stored = investment.data.planTerms;
  if (stored === undefined || stored === null) return undefined;
  if (typeof stored !== 'object') return null;
  const { planId, name, roi, duration } = stored as Record<string, unknown>;
  return typeof planId === 'string' && typeof name === 'string' && isRoi(roi) && isDuration(duration) ? { planId, name, roi, duration } : null;
}

const days = (n: unknown) => `${String(n)} ${n === 1 ? 'day' : 'days'}`;
/** "12% over 30 days". */
export const termsText = (roi: unknown, duration: unknown): string => `${String(roi)}% over ${days(duration)}`;

const sameTerms = (investment: DocSnapshot, terms: PlanTerms) => investment.data.roi === terms.roi && investment.data.duration === terms.duration;

/**
 * Why this investment's ROI and duration are not its plan's, in a sentence, or null when they are:
 * compared with the terms kept at activation where it has them, else with the plan found now.
 */
export function termsProblem(investment: DocSnapshot, lookup: PlanLookup): string | null {
  const own = termsText(investment.data.roi, investment.data.duration);
  const stored = storedTermsOf(investment);
  if (stored === null) return 'The plan terms kept on this investment (planTerms) cannot be read, so its ROI and duration cannot be checked.';
  if (stored) {
    return sameTerms(investment, stored)
      ? null
      : `Its ROI ${own} differs from the plan ${stored.name}'s ${termsText(stored.roi, stored.duration)}, kept when it was activated.`;
  }
  if (lookup.by === 'none') return 'It names no plan (no planId and no plan name), so its ROI and duration cannot be checked against one.';
  const found = plansFound(lookup);
  if (found.length === 0) {
    return lookup.by === 'id' ? `No plan with the id ${lookup.planId} exists (investmentPlans/${lookup.planId}).` : `No plan named "${lookup.name}" exists.`;
  }
  const terms = found.map(termsOf);
  if (terms.some((t) => t !== null && sameTerms(investment, t))) return null;
  const readable = terms.filter((t): t is PlanTerms => t !== null);
  if (readable.length === 0)
    return `The ROI or duration of the plan ${text(found[0]!.data.name) ?? found[0]!.id} cannot be read, so this investment's cannot be checked.`;
  const plans = readable.map((t) => `the plan ${t.name}'s ${termsText(t.roi, t.duration)}`).join(', and from ');
  return `Its ROI ${own} differs from ${plans}.`;
}
