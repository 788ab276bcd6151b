import { ok, type Result } from '../result';
import { statusChangeset, textOr, type Changeset, type DocSnapshot } from './changeset';
import type { CompoundInvestmentStatus, InvestmentStatus } from './statuses';

function freeStatusChange(kind: 'investment' | 'compoundInvestment', record: DocSnapshot, to: string): Result<Changeset> {
  const who = textOr(record.data.email, 'a customer');
  const planName = textOr(record.data.plan, '');
  const plan = planName ? ` (${planName})` : '';
  const started = statusChangeset(kind, record, to, `of ${who}${plan}`);
  return started.ok ? ok(started.value.changeset) : started;
}

/** Investments move freely between statuses; no money moves, but every change is audited. */
export const changeInvestmentStatus = (investment: DocSnapshot, to: InvestmentStatus): Result<Changeset> => freeStatusChange('investment', investment, to);

export const changeCompoundInvestmentStatus = (investment: DocSnapshot, to: CompoundInvestmentStatus): Result<Changeset> =>
  freeStatusChange('compoundInvestment', investment, to);
