import { fail, ok, type Result } from '../result';
import type { Changeset } from './changeset';

export interface PlanInput {
  name: string;
  min: number;
  max: number;
  roi: number;
  duration: number;
}

export type PlanField = keyof PlanInput;

/** Field -> sentence; empty when the plan can be saved. Used by the form and again in main. */
export function checkPlan(plan: { [K in PlanField]: unknown }): Partial<Record<PlanField, string>> {
  const problems: Partial<Record<PlanField, string>> = {};
  const number = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (typeof plan.name !== 'string' || !plan.name.trim()) problems.name = 'Enter a name.';
  if (!number(plan.min)) problems.min = 'Enter a number.';
  else if ((plan.min as number) < 0) problems.min = 'The minimum cannot be negative.';
  if (!number(plan.max)) problems.max = 'Enter a number.';
  else if (number(plan.min) && (plan.min as number) > (plan.max as number)) problems.max = 'The maximum must be at least the minimum.';
  if (!number(plan.roi)) problems.roi = 'Enter a number.';
  else if ((plan.roi as number) < 0) problems.roi = 'ROI cannot be negative.';
  if (!number(plan.duration) || !Number.isInteger(plan.duration)) problems.duration = 'Enter a whole number of days.';
  else if ((plan.duration as number) < 1) problems.duration = 'A plan lasts at least 1 day.';
  return problems;
}

const fields: PlanField[] = ['name', 'min', 'max', 'roi', 'duration'];

export function updatePlan(id: string, current: Record<string, unknown>, next: PlanInput): Result<Changeset> {
  const problems = checkPlan(next);
  const first = fields.find((f) => problems[f]);
  if (first) return fail('VALIDATION', `${first}: ${problems[first]}`);
  const cleaned = { ...next, name: next.name.trim() };
  const changed = fields.filter((f) => current[f] !== cleaned[f]);
  if (changed.length === 0) return fail('CONFLICT', 'Nothing changed in this plan.');
  const path = `investmentPlans/${id}`;
  return ok({
    changes: [{ path, set: Object.fromEntries(changed.map((f) => [f, cleaned[f]])) }],
    audit: {
      kind: 'plan',
      action: 'plan.update',
      entityPath: path,
      summary: `Plan ${cleaned.name} updated (${changed.join(', ')})`,
      before: Object.fromEntries(changed.map((f) => [`${path}.${f}`, current[f] ?? null])),
      after: Object.fromEntries(changed.map((f) => [`${path}.${f}`, cleaned[f]])),
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: 'Plan updated successfully.'
  });
}
