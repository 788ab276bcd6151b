import { z } from 'zod';
import type { Plan } from '@shared/contract';
import { checkPlan, type PlanField, type PlanInput } from '@shared/domain/plans';
import { planUpdateInputSchema } from '@shared/schemas/settings';

/** What the inputs hold: text, exactly as typed. */
export type PlanDraft = Record<PlanField, string>;

export const planFields: { field: PlanField; label: string; money?: true }[] = [
  { field: 'name', label: 'Name' },
  { field: 'min', label: 'Min', money: true },
  { field: 'max', label: 'Max', money: true },
  { field: 'roi', label: 'ROI (%)' },
  { field: 'duration', label: 'Duration (days)' }
];

const text = (value: number | null) => (value === null ? '' : String(value));

export const toDraft = (plan: Plan): PlanDraft => ({
  name: plan.name ?? '',
  min: text(plan.min),
  max: text(plan.max),
  roi: text(plan.roi),
  duration: text(plan.duration)
});

/** An empty box is not zero: it is no number at all, so checkPlan says "Enter a number." */
const parseNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));

export const toInput = (draft: PlanDraft): PlanInput => ({
  name: draft.name.trim(),
  min: parseNumber(draft.min),
  max: parseNumber(draft.max),
  roi: parseNumber(draft.roi),
  duration: parseNumber(draft.duration)
});

const sameNumber = (typed: number, stored: number | null) => (stored === null ? Number.isNaN(typed) : typed === stored);

/** True when saving would change nothing (so "1e3" for 1000 or a trailing space is no change). */
export function isUnchanged(plan: Plan, input: PlanInput): boolean {
  return (
    input.name === (plan.name ?? '').trim() &&
    sameNumber(input.min, plan.min) &&
    sameNumber(input.max, plan.max) &&
    sameNumber(input.roi, plan.roi) &&
    sameNumber(input.duration, plan.duration)
  );
}

/**
 * A row as typed, checked by the domain's checkPlan (its sentences are the row's messages), then read
 * as numbers into the contract's plans.update input (without the id and operationId the call adds).
 */
export const planDraftSchema = z
  .object({ name: z.string(), min: z.string(), max: z.string(), roi: z.string(), duration: z.string() })
  .superRefine((draft, ctx) => {
    const problems = checkPlan(toInput(draft));
    for (const { field } of planFields) {
      const message = problems[field];
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform(toInput)
  .pipe(planUpdateInputSchema.omit({ id: true, operationId: true }));
