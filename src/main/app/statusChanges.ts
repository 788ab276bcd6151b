import type { SessionUser, StatusOutcome } from '../../shared/contract';
import type { Changeset } from '../../shared/domain/changeset';
import { changeDepositStatus, referralCodeOf, REFERRAL_MATCH_LIMIT } from '../../shared/domain/deposits';
import { changeCompoundInvestmentStatus, changeInvestmentStatus } from '../../shared/domain/investments';
import type {
  CompoundInvestmentStatus,
  DepositStatus,
  InvestmentStatus,
  WithdrawalStatus
} from '../../shared/domain/statuses';
import { changeWithdrawalStatus } from '../../shared/domain/withdrawals';
import type { Result } from '../../shared/result';
import type { Operation } from './operations';
import type { LedgerStore, TransactionReader } from './ports/ledgerStore';
import { required } from './reads';

/**
 * The status-change use-cases: read what the rule needs inside the transaction, let the pure
 * domain rule decide, and let the store commit the decision (or nothing) atomically.
 */

export interface StatusChangeContext {
  store: LedgerStore;
  actor: SessionUser;
  /** The administrator's action; its audit entry makes a replay answer the first outcome. */
  operation: Operation;
  platformName: string;
  /** Called after a commit that queued e-mails, so they go out now rather than at the next poll. */
  mailQueued?: () => void;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() && !value.includes('/') ? value.trim() : null;

async function run(
  ctx: StatusChangeContext,
  status: string,
  decide: (read: TransactionReader) => Promise<Result<Changeset>>
): Promise<StatusOutcome> {
  const { answer, changeset } = await ctx.store.transact(
    ctx.operation,
    decide,
    (done): StatusOutcome => ({
      status,
      message: done.message,
      effects: done.effects,
      notes: done.audit.notes,
      emailsQueued: done.emails.length
    }),
    ctx.actor
  );
  if (changeset && changeset.emails.length > 0) ctx.mailQueued?.();
  return answer;
}

export const setDepositStatus = (ctx: StatusChangeContext, id: string, status: DepositStatus) =>
  run(ctx, status, async (read) => {
    const deposit = await required(read, `deposits/${id}`, 'Deposit not found.');
    if (!deposit.ok) return deposit;
    const data = deposit.value.data;
    if (status !== 'success') return changeDepositStatus({ deposit: deposit.value, depositor: null, platformName: ctx.platformName }, status);

    const userId = idOf(data.userId);
    const depositor = userId ? await read.get(`users/${userId}`) : null;
    const investmentId = idOf(data.investmentId);
    const investment = investmentId ? await read.get(`investments/${investmentId}`) : undefined;
    // Up to REFERRAL_MATCH_LIMIT: more than one customer with the code makes it ambiguous (no bonus).
    const referral = referralCodeOf(depositor);
    const referrers =
      referral.kind === 'code' ? await read.findAll('users', 'myReferralId', referral.code, REFERRAL_MATCH_LIMIT) : undefined;
    return changeDepositStatus(
      { deposit: deposit.value, depositor, investment, referrers, platformName: ctx.platformName },
      status
    );
  });

export const setWithdrawalStatus = (ctx: StatusChangeContext, id: string, status: WithdrawalStatus) =>
  run(ctx, status, async (read) => {
    const withdrawal = await required(read, `withdrawals/${id}`, 'Withdrawal not found.');
    if (!withdrawal.ok) return withdrawal;
    const userId = idOf(withdrawal.value.data.userId);
    const withdrawer = status !== 'pending' && userId ? await read.get(`users/${userId}`) : null;
    return changeWithdrawalStatus({ withdrawal: withdrawal.value, withdrawer, platformName: ctx.platformName }, status);
  });

export const setInvestmentStatus = (ctx: StatusChangeContext, id: string, status: InvestmentStatus) =>
  run(ctx, status, async (read) => {
    const investment = await required(read, `investments/${id}`, 'Investment not found.');
    return investment.ok ? changeInvestmentStatus(investment.value, status) : investment;
  });

export const setCompoundInvestmentStatus = (ctx: StatusChangeContext, id: string, status: CompoundInvestmentStatus) =>
  run(ctx, status, async (read) => {
    const investment = await required(read, `compoundInvest/${id}`, 'Compound investment not found.');
    return investment.ok ? changeCompoundInvestmentStatus(investment.value, status) : investment;
  });
