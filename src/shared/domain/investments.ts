import { ok, type Result } from '../result';
import { statusChangeset, textOr, type Changeset, type DocSnapshot } from './changeset';
import { dayText, millisOf } from './dates';
import { activationTerms, storedTermsOf, type PlanLookup } from './planTerms';
import type { CompoundInvestmentStatus, InvestmentStatus } from './statuses';
import { StoredTimestamp } from './stored';

/** A paid-out investment's money has moved: its status is final, so it can never be paid again (§5.7). */
export const PAID_OUT_LOCKED = 'Cannot change status of an investment that was paid out: the customer has already been credited.';

/** Why an investment's status can no longer change (it was paid out), or null while it can: one rule for the rows and the change. */
export const investmentLock = (paidOutAt: unknown): string | null => (paidOutAt === undefined || paidOutAt === null ? null : PAID_OUT_LOCKED);

/** The statuses an investment ends in: one that was in either and is active again is paid only with an override (§5.7). */
const ENDED: readonly unknown[] = ['cancelled', 'completed'];

function freeStatusChange(kind: 'investment' | 'compoundInvestment', record: DocSnapshot, to: string, lock: string | null = null): Result<Changeset> {
  const who = textOr(record.data.email, 'a customer');
  const planName = textOr(record.data.plan, '');
  const plan = planName ? ` (${planName})` : '';
  const started = statusChangeset(kind, record, to, `of ${who}${plan}`, lock);
  return started.ok ? ok(started.value.changeset) : started;
}

/** What an investment's status change is decided on: the record, when, and its plan where it becomes active. */
export interface InvestmentChangeInput {
  investment: DocSnapshot;
  /** When the change is made: a move back to active is stamped with it. */
  now: Date;
  /** Read when the change is to active: the plan's terms are kept on the investment (planTerms). */
  plan?: PlanLookup;
}

const storedAt = (now: Date) => new StoredTimestamp(Math.floor(now.getTime() / 1000), (now.getTime() % 1000) * 1e6);

/**
 * Investments move freely between statuses, no money moves, every change is audited; a paid-out one
 * is locked. Becoming active keeps its plan's terms on it (once, the first time a plan is found);
 * coming back to active from cancelled or completed is recorded (`reactivatedAt`, `reactivatedFrom`,
 * `reactivations`), so a payout can tell (§5.7).
 */
export function changeInvestmentStatus(input: InvestmentChangeInput, to: InvestmentStatus): Result<Changeset> {
  const { investment, now } = input;
  const changed = freeStatusChange('investment', investment, to, investmentLock(investment.data.paidOutAt));
  if (!changed.ok || to !== 'active') return changed;
  const changeset = changed.value;
  const path = `investments/${investment.id}`;
  const set = changeset.changes[0]!.set;
  const record = (field: string, value: unknown) => {
    set[field] = value;
    changeset.audit.before[`${path}.${field}`] = investment.data[field] ?? null;
    changeset.audit.after[`${path}.${field}`] = value;
  };
  const from = investment.data.status;
  if (ENDED.includes(from)) {
    const before = investment.data.reactivations;
    record('reactivatedAt', storedAt(now));
    record('reactivatedFrom', from);
    record('reactivations', (typeof before === 'number' && Number.isInteger(before) && before > 0 ? before : 0) + 1);
    changeset.audit.notes.push(`Set back to active after being ${String(from)}: paying it out at maturity will need an override reason.`);
  }
  const terms = storedTermsOf(investment) === undefined && input.plan ? activationTerms(input.plan) : null;
  if (terms) record('planTerms', terms);
  return ok(changeset);
}

export const changeCompoundInvestmentStatus = (investment: DocSnapshot, to: CompoundInvestmentStatus): Result<Changeset> =>
  freeStatusChange('compoundInvestment', investment, to);

const when = (value: unknown): string => {
  const ms = millisOf(value);
  return ms === null ? 'on a date that cannot be read' : `on ${dayText(ms)}`;
};

/**
 * Why this investment is not one that was only ever active since it was activated, or null: it
 * carries the mark of a move back to active, or its audit entries (`history`: those whose
 * entityPath is the investment) show it cancelled or completed. The mark says it first.
 */
export function reactivationProblem(investment: DocSnapshot, history: readonly DocSnapshot[]): string | null {
  const { reactivatedFrom, reactivatedAt, reactivations } = investment.data;
  if (ENDED.includes(reactivatedFrom) || (reactivatedAt !== undefined && reactivatedAt !== null) || (typeof reactivations === 'number' && reactivations > 0)) {
    const from = ENDED.includes(reactivatedFrom) ? String(reactivatedFrom) : 'cancelled or completed';
    return `This investment was ${from} and set back to active ${when(reactivatedAt)}.`;
  }
  const path = `investments/${investment.id}`;
  const ended = history
    .map((entry) => {
      const sides = [entry.data.after, entry.data.before].map((side) =>
        side && typeof side === 'object' ? (side as Record<string, unknown>)[`${path}.status`] : undefined
      );
      return { status: sides.find((status) => ENDED.includes(status)), at: millisOf(entry.data.at) };
    })
    .filter((entry) => entry.status !== undefined)
    .sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
  const latest = ended[0];
  if (!latest) return null;
  return `The audit log shows this investment was ${String(latest.status)} before (a status change ${when(latest.at)}); it is active again.`;
}
