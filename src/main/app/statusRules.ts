import type { Changeset, DocSnapshot } from '../../shared/domain/changeset';
import {
  changeDepositStatus,
  investmentActivation,
  referralCodeOf,
  REFERRAL_MATCH_LIMIT,
  type DepositChangeInput,
  type InvestmentActivation
} from '../../shared/domain/deposits';
import { changeCompoundInvestmentStatus, changeInvestmentStatus } from '../../shared/domain/investments';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../../shared/domain/platformSettings';
import { checkTxid, coinOf, normalTxid, txidGuardPath, type EvidenceRead } from '../../shared/domain/txid';
import type { CompoundInvestmentStatus, DepositStatus, InvestmentStatus, WithdrawalStatus } from '../../shared/domain/statuses';
import { changeWithdrawalStatus, type WithdrawalChangeInput } from '../../shared/domain/withdrawals';
import { ok, type Result } from '../../shared/result';
import type { InspectReader, TransactionReader } from './ports/ledgerStore';
import { idOf, required } from './reads';
import { readWithdrawalRisk } from './risk';

/**
 * Each status machine as two steps the commit and the preview share: read what the rule needs
 * (inside the commit's transaction, or plain reads for a preview), then let the pure rule decide.
 * One definition, so a preview can never read or decide differently from the commit it announces.
 */
export interface StatusRule<S extends string, I> {
  /** The documents the rule needs; NOT_FOUND when the record itself does not exist. `txid`: the chain evidence given, if any. */
  gather(read: TransactionReader, id: string, status: S, platformName: string, txid?: string | null): Promise<Result<I>>;
  /** The administrator's reason (null for none) reaches the rule: a withdrawal rejection's e-mail says it. */
  decide(input: I, status: S, reason?: string | null): Result<Changeset>;
  /**
   * The risk warnings a decision is taken with, read before its transaction (they inform the
   * decision, they do not change it), so its audit entry records them. Absent: none.
   */
  warnings?(read: InspectReader, id: string, status: S): Promise<string[]>;
  /** What a preview names besides the decision: the customers read and the investment a deposit activates. */
  facts(input: I, status: S, decision: Result<Changeset>): PreviewPeople;
}

export interface PreviewPeople {
  people: DocSnapshot[];
  customerId: string | null;
  activation: InvestmentActivation | null;
}

const NO_PEOPLE: PreviewPeople = { people: [], customerId: null, activation: null };

/**
 * What a credit or payout is decided with besides the record: the platform's settings (is a txid
 * required, which explorers) and, for a txid that fits the record's coin, its guard document, read
 * in the same transaction that will create it (src/shared/domain/txid.ts).
 */
async function readEvidence(read: TransactionReader, coinValue: unknown, txid: string | null | undefined): Promise<EvidenceRead> {
  const settings = readPlatformSettings((await read.get(PLATFORM_SETTINGS_PATH))?.data ?? null);
  const given = normalTxid(txid);
  const checked = given ? checkTxid(coinOf(coinValue), given) : null;
  const guard = checked?.ok ? await read.get(txidGuardPath(coinOf(coinValue)!, checked.value)) : undefined;
  return { txid: given || null, guard, requireTxid: settings.requireTxid, explorers: settings.explorers };
}

export const depositRule: StatusRule<DepositStatus, DepositChangeInput> = {
  async gather(read, id, status, platformName, txid) {
    const deposit = await required(read, `deposits/${id}`, 'Deposit not found.');
    if (!deposit.ok) return deposit;
    const data = deposit.value.data;
    if (status !== 'success') return ok({ deposit: deposit.value, depositor: null, platformName });

    const userId = idOf(data.userId);
    const depositor = userId ? await read.get(`users/${userId}`) : null;
    const investmentId = idOf(data.investmentId);
    const investment = investmentId ? await read.get(`investments/${investmentId}`) : undefined;
    // Up to REFERRAL_MATCH_LIMIT: more than one customer with the code makes it ambiguous (no bonus).
    const referral = referralCodeOf(depositor);
    const referrers = referral.kind === 'code' ? await read.findAll('users', 'myReferralId', referral.code, REFERRAL_MATCH_LIMIT) : undefined;
    const evidence = await readEvidence(read, data.method, txid);
    return ok({ deposit: deposit.value, depositor, investment, referrers, platformName, evidence });
  },
  decide: changeDepositStatus,
  facts: (input, status, decision) => ({
    people: [...(input.depositor ? [input.depositor] : []), ...(input.referrers ?? [])],
    customerId: input.depositor?.id ?? null,
    activation: status === 'success' && decision.ok ? investmentActivation(input, decision.value) : null
  })
};

export const withdrawalRule: StatusRule<WithdrawalStatus, WithdrawalChangeInput> = {
  async gather(read, id, status, platformName, txid) {
    const withdrawal = await required(read, `withdrawals/${id}`, 'Withdrawal not found.');
    if (!withdrawal.ok) return withdrawal;
    const userId = idOf(withdrawal.value.data.userId);
    const withdrawer = status !== 'pending' && userId ? await read.get(`users/${userId}`) : null;
    const evidence = status === 'approved' ? await readEvidence(read, withdrawal.value.data.cryptoType, txid) : undefined;
    return ok({ withdrawal: withdrawal.value, withdrawer, platformName, ...(evidence ? { evidence } : {}) });
  },
  decide: (input, status, reason) => changeWithdrawalStatus({ ...input, reason: reason ?? null }, status),
  async warnings(read, id, status) {
    if (status === 'pending') return [];
    const risk = await readWithdrawalRisk(read, id);
    return risk ? risk.warnings.map((w) => w.message) : [];
  },
  facts: (input) => ({ people: input.withdrawer ? [input.withdrawer] : [], customerId: input.withdrawer?.id ?? null, activation: null })
};

export const investmentRule: StatusRule<InvestmentStatus, DocSnapshot> = {
  gather: (read, id) => required(read, `investments/${id}`, 'Investment not found.'),
  decide: changeInvestmentStatus,
  facts: () => NO_PEOPLE
};

export const compoundInvestmentRule: StatusRule<CompoundInvestmentStatus, DocSnapshot> = {
  gather: (read, id) => required(read, `compoundInvest/${id}`, 'Compound investment not found.'),
  decide: changeCompoundInvestmentStatus,
  facts: () => NO_PEOPLE
};
