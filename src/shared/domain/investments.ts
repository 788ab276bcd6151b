import { fail, ok, type Result } from '../result';
import { textOr, type Changeset, type DocSnapshot } from './changeset';
import type { CompoundInvestmentStatus, InvestmentStatus } from './statuses';

function freeStatusChange(
  kind: 'investment' | 'compoundInvestment',
  collection: string,
  noun: string,
  record: DocSnapshot,
  to: string
): Result<Changeset> {
  const from = typeof record.data.status === 'string' ? record.data.status : '';
  if (from === to) return fail('CONFLICT', `This ${noun} is already ${to}.`);
  const path = `${collection}/${record.id}`;
  const who = textOr(record.data.email, 'a customer');
  const planName = textOr(record.data.plan, '');
  const plan = planName ? ` (${planName})` : '';
  const capitalNoun = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  return ok({
    changes: [{ path, set: { status: to } }],
    audit: {
      kind,
      action: `${kind}.status`,
      entityPath: path,
      summary: `${capitalNoun} of ${who}${plan}: ${from || 'no status'} -> ${to}`,
      before: { [`${path}.status`]: from || null },
      after: { [`${path}.status`]: to },
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: `${capitalNoun} marked ${to}.`
  });
}

/** Investments move freely between statuses; no money moves, but every change is audited. */
export const changeInvestmentStatus = (investment: DocSnapshot, to: InvestmentStatus): Result<Changeset> =>
  freeStatusChange('investment', 'investments', 'investment', investment, to);

export const changeCompoundInvestmentStatus = (
  investment: DocSnapshot,
  to: CompoundInvestmentStatus
): Result<Changeset> => freeStatusChange('compoundInvestment', 'compoundInvest', 'compound investment', investment, to);
