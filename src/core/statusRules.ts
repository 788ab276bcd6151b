import type { Changeset, DocSnapshot } from '../shared/domain/changeset';
import {
  changeDepositStatus,
  investmentActivation,
  referralCodeOf,
  REFERRAL_MATCH_LIMIT,
  type DepositChangeInput,
  type InvestmentActivation
} from '../shared/domain/deposits';
import { changeCompoundInvestmentStatus, changeInvestmentStatus, type InvestmentChangeInput } from '../shared/domain/investments';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings, type PlatformSettings } from '../shared/domain/platformSettings';
import { checkTxid, coinOf, normalTxid, txidGuardsToRead, type EvidenceRead } from '../shared/domain/txid';
import type { CompoundInvestmentStatus, DepositStatus, InvestmentStatus, WithdrawalStatus } from '../shared/domain/statuses';
import { readAmount, type Cents } from '../shared/domain/money';
import { needsStepUp, readRiskRules, RISK_RULES_PATH } from '../shared/domain/riskRules';
import { approvalOverrides, changeWithdrawalStatus, type WithdrawalChangeInput } from '../shared/domain/withdrawals';
import { readApprovalPolicy, withdrawalNeed, withdrawalVelocityNeed, type ApprovalNeed, type ApprovalPolicy } from '../shared/domain/approvals';
import { sumWindow, WINDOW_MS, WINDOW_READ_LIMIT } from '../shared/domain/withdrawalWindows';
import { riskQueries } from '../shared/queries/risk';
import { ok, type Result } from '../shared/result';
import type { InspectReader, TransactionReader } from './ports/ledgerStore';
import { lookUpPlan } from './planLookup';
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
  /** How the administrator decided reaches the rule: a withdrawal rejection's e-mail says the reason; an override lets an approval through. */
  decide(input: I, status: S, taken?: DecisionTaken): Result<Changeset>;
  /** What the change would override (a suspended customer, a blocked address): the preview lists it. Absent: nothing. */
  overrides?(input: I, status: S): string[];
  /** The change needs the password confirmed within the step-up window (a withdrawal above the risk rules' amount). Absent: never. */
  stepUp?(input: I, status: S): boolean;
  /** The approval policy covers this change (docs/product-rules.md §15.4): a second administrator must approve it. Absent: never. */
  approval?(input: I, status: S, id: string): ApprovalNeed | null;
  /**
   * The risk warnings a decision is taken with, read before its transaction (they inform the
   * decision, they do not change it), so its audit entry records them. Absent: none.
   */
  warnings?(read: InspectReader, id: string, status: S): Promise<string[]>;
  /** What a preview names besides the decision: the customers read and the investment a deposit activates. */
  facts(input: I, status: S, decision: Result<Changeset>): PreviewPeople;
}

/** The administrator's reason (null for none) and override reason, as the change was asked. */
export interface DecisionTaken {
  reason?: string | null;
  overrideReason?: string | null;
}

export interface PreviewPeople {
  people: DocSnapshot[];
  customerId: string | null;
  activation: InvestmentActivation | null;
}

const NO_PEOPLE: PreviewPeople = { people: [], customerId: null, activation: null };

/**
 * What a credit or payout is decided with besides the record: the platform's settings (is a txid
 * required, which explorers) and, for a txid that fits the record's coin, the guards that could
 * already hold its transaction (its hash's and the six legacy ones, seven reads), read in the same
 * transaction that will create the hash's guard (src/shared/domain/txid.ts).
 */
const readSettings = async (read: TransactionReader): Promise<PlatformSettings> => readPlatformSettings((await read.get(PLATFORM_SETTINGS_PATH))?.data ?? null);

async function readEvidence(
  read: TransactionReader,
  coinValue: unknown,
  txid: string | null | undefined,
  settings: PlatformSettings | null = null
): Promise<EvidenceRead> {
  settings ??= await readSettings(read);
  const given = normalTxid(txid);
  const checked = given ? checkTxid(coinOf(coinValue), given) : null;
  const guards = checked?.ok ? await Promise.all(txidGuardsToRead(checked.value).map((path) => read.get(path))) : undefined;
  const guard = guards ? (guards.find((g) => g !== null) ?? null) : undefined;
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
    // The plan whose terms the investment keeps when this deposit activates it.
    const plan = investment ? await lookUpPlan(read, investment) : undefined;
    // Up to REFERRAL_MATCH_LIMIT: more than one customer with the code makes it ambiguous (no bonus).
    const referral = referralCodeOf(depositor);
    const referrers = referral.kind === 'code' ? await read.findAll('users', 'myReferralId', referral.code, REFERRAL_MATCH_LIMIT) : undefined;
    const evidence = await readEvidence(read, data.method, txid);
    return ok({ deposit: deposit.value, depositor, investment, referrers, platformName, evidence, ...(plan ? { plan } : {}) });
  },
  decide: changeDepositStatus,
  facts: (input, status, decision) => ({
    people: [...(input.depositor ? [input.depositor] : []), ...(input.referrers ?? [])],
    customerId: input.depositor?.id ?? null,
    activation: status === 'success' && decision.ok ? investmentActivation(input, decision.value) : null
  })
};

/** A withdrawal's decision input, with what dual control's 24-hour rule read (approval only, when that rule is on). */
export type WithdrawalRuleInput = WithdrawalChangeInput & {
  /** The customer's other withdrawals requested in the last 24 hours and approved, in cents (this one not included). */
  approvedIn24hCents?: Cents;
};

/**
 * What the policy's 24-hour rule sums (docs/product-rules.md §15.6): the 24-hour cap's own read
 * (riskQueries.withdrawalsInWindow, newest first, at most WINDOW_READ_LIMIT), made inside the
 * transaction so each withdrawal read is re-checked at commit, summed by the cap's sumWindow over
 * the approved ones. Read only when that rule is on and the single-amount rule does not already cover the approval.
 */
async function approvedIn24h(read: TransactionReader, withdrawal: DocSnapshot, policy: ApprovalPolicy, now: number): Promise<Cents | undefined> {
  const userId = idOf(withdrawal.data.userId);
  if (policy.withdrawalsIn24hAtLeast === null || !userId) return undefined;
  const amount = readAmount(withdrawal.data.amount, 'amount');
  if (withdrawalNeed(policy, { id: withdrawal.id, amount: withdrawal.data.amount, cents: amount.ok ? amount.value : null }, 'approved')) return undefined;
  const since = now - WINDOW_MS.h24;
  const records = await read.find(riskQueries.withdrawalsInWindow, { userId }, WINDOW_READ_LIMIT, new Date(since));
  const approved = records.filter((record) => record.id !== withdrawal.id && record.data.status === 'approved');
  // sumWindow counts this withdrawal too: its own amount is taken off again.
  return sumWindow(withdrawal, approved, since, WINDOW_READ_LIMIT).cents - (amount.ok ? amount.value : 0);
}

export const withdrawalRule: StatusRule<WithdrawalStatus, WithdrawalRuleInput> = {
  async gather(read, id, status, platformName, txid) {
    const withdrawal = await required(read, `withdrawals/${id}`, 'Withdrawal not found.');
    if (!withdrawal.ok) return withdrawal;
    const userId = idOf(withdrawal.value.data.userId);
    const withdrawer = status !== 'pending' && userId ? await read.get(`users/${userId}`) : null;
    // A decision e-mails the customer, with their request's time in the platform's zone: the settings are read once, for it and the evidence.
    const settings = status !== 'pending' ? await readSettings(read) : null;
    // An approval reads its chain evidence and the risk rules in the same transaction: a blocked address needs an override, a large amount the password.
    const evidence = status === 'approved' ? await readEvidence(read, withdrawal.value.data.cryptoType, txid, settings) : undefined;
    const riskRules = status === 'approved' ? readRiskRules((await read.get(RISK_RULES_PATH))?.data ?? null) : undefined;
    // The approval policy lives in the same settings document; read in the transaction, so a policy changed meanwhile re-decides.
    const approvalPolicy = status === 'approved' ? readApprovalPolicy((await read.get(PLATFORM_SETTINGS_PATH))?.data?.approvals) : undefined;
    // The customer's approved withdrawals of the last 24 hours, for the policy's 24-hour rule.
    const approvedIn24hCents = approvalPolicy ? await approvedIn24h(read, withdrawal.value, approvalPolicy, Date.now()) : undefined;
    return ok({
      withdrawal: withdrawal.value,
      withdrawer,
      platformName,
      ...(settings ? { timeZone: settings.timeZone } : {}),
      ...(evidence ? { evidence } : {}),
      ...(riskRules ? { riskRules } : {}),
      ...(approvalPolicy ? { approvalPolicy } : {}),
      ...(approvedIn24hCents !== undefined ? { approvedIn24hCents } : {})
    });
  },
  decide: (input, status, taken = {}) =>
    changeWithdrawalStatus({ ...input, reason: taken.reason ?? null, overrideReason: taken.overrideReason ?? null }, status),
  overrides: (input, status) => (status === 'approved' ? approvalOverrides(input) : []),
  stepUp(input, status) {
    const amount = readAmount(input.withdrawal.data.amount, 'amount');
    return status === 'approved' && input.riskRules !== undefined && amount.ok && needsStepUp(input.riskRules, amount.value);
  },
  approval(input, status, id) {
    if (!input.approvalPolicy) return null;
    const amount = readAmount(input.withdrawal.data.amount, 'amount');
    const withdrawal = { id, amount: input.withdrawal.data.amount, cents: amount.ok ? amount.value : null };
    // The single-amount rule first; the 24-hour rule when the customer's approved withdrawals were read for it.
    if (input.approvedIn24hCents === undefined) return withdrawalNeed(input.approvalPolicy, withdrawal, status);
    const email = input.withdrawer?.data.email ?? input.withdrawal.data.email;
    return withdrawalVelocityNeed(input.approvalPolicy, { ...withdrawal, email: typeof email === 'string' ? email : null }, input.approvedIn24hCents, status);
  },
  async warnings(read, id, status) {
    if (status === 'pending') return [];
    const risk = await readWithdrawalRisk(read, id);
    return risk ? risk.warnings.map((w) => w.message) : [];
  },
  facts: (input) => ({ people: input.withdrawer ? [input.withdrawer] : [], customerId: input.withdrawer?.id ?? null, activation: null })
};

export const investmentRule: StatusRule<InvestmentStatus, InvestmentChangeInput> = {
  async gather(read, id, status) {
    const investment = await required(read, `investments/${id}`, 'Investment not found.');
    if (!investment.ok) return investment;
    // Becoming active keeps the plan's terms on the investment: its plan is read in the same transaction.
    const plan = status === 'active' ? await lookUpPlan(read, investment.value) : undefined;
    return ok({ investment: investment.value, now: new Date(), ...(plan ? { plan } : {}) });
  },
  decide: changeInvestmentStatus,
  facts: () => NO_PEOPLE
};

export const compoundInvestmentRule: StatusRule<CompoundInvestmentStatus, DocSnapshot> = {
  gather: (read, id) => required(read, `compoundInvest/${id}`, 'Compound investment not found.'),
  decide: changeCompoundInvestmentStatus,
  facts: () => NO_PEOPLE
};
