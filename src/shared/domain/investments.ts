import { ok, type Result } from '../result';
import { statusChangeset, textOr, type Changeset, type DocSnapshot } from './changeset';
import type { CompoundInvestmentStatus, InvestmentStatus } from './statuses';

/** A paid-out investment's money has moved: its status is final, so it can never be paid again (§5.7). */
export const PAID_OUT_LOCKED = 'Cannot change status of an investment that was paid out: the customer has already been credited.';

/** Why an investment's status can no longer change (it was paid out), or null while it can: one rule for the rows and the change. */
export const investmentLock = (paidOutAt: unknown): string | null => (paidOutAt === undefined || paidOutAt === null ? null : PAID_OUT_LOCKED);

function freeStatusChange(kind: 'investment' | 'compoundInvestment', record: DocSnapshot, to: string, lock: string | null = null): Result<Changeset> {
  const who = textOr(record.data.email, 'a customer');
  const planName = textOr(record.data.plan, '');
  const plan = planName ? ` (${planName})` : '';
  const started = statusChangeset(kind, record, to, `of ${who}${plan}`, lock);
  return started.ok ? ok(started.value.changeset) : started;
}

/** Investments move freely between statuses, no money moves, every change is audited; a paid-out one is locked. */
export const changeInvestmentStatus = (investment: DocSnapshot, to: InvestmentStatus): Result<Changeset> =>
  freeStatusChange('investment', investment, to, investmentLock(investment.data.paidOutAt));

export const changeCompoundInvestmentStatus = (investment: DocSnapshot, to: CompoundInvestmentStatus): Result<Changeset> =>
  freeStatusChange('compoundInvestment', investment, to);
