import { textOr, userName, type DocSnapshot } from './changeset';
import { DEFAULT_REJECTION } from './emails';
import { formatUsd, fromCents, percentOf, readAmount, toCents } from './money';
import { millisOf } from './dates';
import { blockedEntry, capsFor, type BlockedAddress, type RiskRules } from './riskRules';
import { suspensionOf } from './suspension';
import { windowFacts, windowWarnings, type WindowFacts, type WindowSum } from './withdrawalWindows';
import { checkWalletAddress, coins, type Coin } from './wallets';
import type { RiskWarning, WithdrawalRisk } from '../schemas/risk';

/**
 * What a reviewer should know before deciding on a withdrawal: the facts (src/core/risk.ts
 * reads the documents) and the warnings drawn from them. Warnings never block a decision; the one
 * taken with them records them on its audit entry.
 */

/** A warning as the contract carries it (src/shared/schemas/risk.ts). */
export type { RiskWarning };

/** The common reasons the decision dialogs offer; the first is the spec's default sentence. */
export const DEFAULT_WITHDRAWAL_REJECTION = DEFAULT_REJECTION;
export const withdrawalRejectionReasons = [
  DEFAULT_WITHDRAWAL_REJECTION,
  'the destination address is not valid for this coin',
  'identity verification (KYC) is not complete',
  'the amount exceeds your withdrawal limit',
  'suspected fraud or unusual activity'
] as const;
export const depositFailureReasons = [
  'the payment was not received',
  'the amount received does not match',
  'the payment came from an account not in your name',
  'duplicate deposit request'
] as const;

/** A decision's reason as stored: trimmed, null when blank. */
export const reasonOf = (reason: string | null | undefined): string | null => (reason && reason.trim() ? reason.trim() : null);

const DAY_MS = 24 * 60 * 60 * 1000;

export { millisOf };

const isoOf = (value: unknown): string | null => {
  const ms = millisOf(value);
  return ms === null ? null : new Date(ms).toISOString();
};
const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const kycStatusOf = (user: DocSnapshot): string | null => {
  const kyc = user.data.kyc;
  return kyc && typeof kyc === 'object' ? textOf((kyc as Record<string, unknown>).status) : null;
};

/** What the withdrawal's risk panel is computed from; src/core/risk.ts reads these. */
export interface WithdrawalRiskReads {
  withdrawal: DocSnapshot;
  /** null: users/{withdrawal.userId} does not exist. */
  customer: DocSnapshot | null;
  /** The most recent withdrawals to the same address (this one may be among them), at most addressCap. */
  atAddress: DocSnapshot[];
  addressCap: number;
  /** The customer's earliest successful deposit (by timestamp), if any. */
  firstSuccessfulDeposit: DocSnapshot | null;
  /** The customer's earliest withdrawal (by createdAt), if any. */
  firstWithdrawal: DocSnapshot | null;
  /** settings/riskRules as read (defaults when never saved). */
  riskRules: RiskRules;
  /** The customer's pending, approved and undecided withdrawals over the last 24 hours and 30 days, this one included (sumWindow). */
  windows: { h24: WindowSum; d30: WindowSum };
}

export interface WithdrawalRiskFacts {
  amount: number | null;
  amountRaw: string | null;
  coin: string | null;
  address: string | null;
  addressCheck: { valid: boolean; problem: string | null } | null;
  /** The chain transaction it was paid out with, once approved with one. */
  txid: string | null;
  /** The customer as the risk panel shows them (the contract's); null when their document does not exist. */
  customer: WithdrawalRisk['customer'];
  /** The risk rules' entry for this address, or null when it is not blocked. */
  blockedAddress: BlockedAddress | null;
  /** The customer's pending, approved and undecided withdrawals in 24 hours and 30 days, this one included, against the caps, and how they were read. */
  windows: { h24: WindowFacts; d30: WindowFacts };
  sameAddressEarlier: number;
  otherCustomersAtAddress: number;
  addressCountsCapped: boolean;
  /** True when no withdrawal of this customer was made before this one. */
  firstWithdrawal: boolean;
  /** When this withdrawal was asked for, ISO. */
  createdAt: string | null;
}

const coinOf = (value: unknown): Coin | null => {
  const text = textOf(value)?.toUpperCase() ?? null;
  return text && (coins as readonly string[]).includes(text) ? (text as Coin) : null;
};

/** Is `other` made before `than`? Unknown dates count as earlier only when `than`'s is unknown too. */
const madeBefore = (other: DocSnapshot, than: DocSnapshot): boolean => {
  const a = millisOf(other.data.createdAt);
  const b = millisOf(than.data.createdAt);
  if (a === null || b === null) return b === null && other.id !== than.id;
  return a < b || (a === b && other.id < than.id);
};

/** The facts of the risk panel, from the documents read. */
export function withdrawalRiskFacts(reads: WithdrawalRiskReads): WithdrawalRiskFacts {
  const { withdrawal, customer } = reads;
  const stored = withdrawal.data.amount;
  const cents = readAmount(stored, 'amount');
  const amount = cents.ok ? fromCents(cents.value) : null;
  const amountRaw = typeof stored === 'number' || stored === undefined || stored === null ? null : String(stored);
  const address = textOf(withdrawal.data.walletAddress);
  const coin = coinOf(withdrawal.data.cryptoType);
  const problem = coin ? checkWalletAddress(coin, address ?? '') : null;
  const userId = textOf(withdrawal.data.userId);

  const others = reads.atAddress.filter((w) => w.id !== withdrawal.id);
  const sameAddressEarlier = userId ? others.filter((w) => textOf(w.data.userId) === userId && madeBefore(w, withdrawal)).length : 0;
  const otherCustomers = new Set(others.map((w) => textOf(w.data.userId) ?? `(no customer) ${w.id}`).filter((id) => id !== userId));

  const fee = customer ? numberOf(customer.data.withdrawalFeePercentage) : null;
  const first = reads.firstWithdrawal;
  const caps = capsFor(reads.riskRules, customer ? numberOf(customer.data.withdrawalLimit) : null);
  return {
    amount,
    amountRaw,
    coin: coin ?? textOf(withdrawal.data.cryptoType),
    address,
    addressCheck: coin ? { valid: problem === null, problem } : null,
    txid: textOf(withdrawal.data.txid),
    customer: customer && {
      id: customer.id,
      name: textOf(customer.data.fullname),
      email: textOf(customer.data.email),
      balance: numberOf(customer.data.balance),
      verified: customer.data.verified === true,
      kycStatus: kycStatusOf(customer),
      withdrawalLimit: numberOf(customer.data.withdrawalLimit),
      withdrawalFeePercentage: fee,
      fee: cents.ok && fee !== null && fee >= 0 ? fromCents(percentOf(cents.value, fee)) : null,
      joined: isoOf(customer.data.timestamp),
      lifetimeDeposits: numberOf(customer.data.Totaldeposit),
      lifetimeWithdrawals: numberOf(customer.data.Totalwithdrawal),
      firstSuccessfulDepositAt: isoOf(reads.firstSuccessfulDeposit?.data.timestamp),
      suspension: suspensionOf(customer.data)
    },
    blockedAddress: blockedEntry(reads.riskRules, address),
    windows: { h24: windowFacts(reads.windows.h24, caps.h24), d30: windowFacts(reads.windows.d30, caps.d30) },
    sameAddressEarlier,
    otherCustomersAtAddress: otherCustomers.size,
    addressCountsCapped: reads.atAddress.length >= reads.addressCap,
    firstWithdrawal: first === null || first.id === withdrawal.id || !madeBefore(first, withdrawal),
    createdAt: isoOf(withdrawal.data.createdAt)
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The warnings shown above the decision buttons: each exactly when its condition holds. */
export function withdrawalWarnings(facts: WithdrawalRiskFacts): RiskWarning[] {
  const warnings: RiskWarning[] = [];
  const customer = facts.customer;
  const who = customer?.name ?? customer?.email ?? 'The customer';
  // A suspended customer comes first: approving needs an override reason.
  if (customer?.suspension) warnings.push({ code: 'suspended', message: `${who} is suspended: ${customer.suspension.reason}` });
  if (facts.blockedAddress) warnings.push({ code: 'blockedAddress', message: `The address is blocked: ${facts.blockedAddress.reason || 'no reason given'}` });
  if (customer && !customer.verified) warnings.push({ code: 'notVerified', message: `${who} is not verified.` });
  if (customer && customer.kycStatus !== 'approved') {
    const state = customer.kycStatus ? `is ${customer.kycStatus}` : 'was never submitted';
    warnings.push({ code: 'kycNotApproved', message: `KYC is not approved: it ${state}.` });
  }
  if (customer && facts.amount !== null && customer.withdrawalLimit !== null && toCents(facts.amount) > toCents(customer.withdrawalLimit)) {
    warnings.push({
      code: 'overLimit',
      message: `The amount ${formatUsd(facts.amount)} is above the customer's withdrawal limit of ${formatUsd(customer.withdrawalLimit)}.`
    });
  }
  warnings.push(
    ...windowWarnings(
      facts.windows,
      facts.amount,
      warnings.some((w) => w.code === 'overLimit')
    )
  );
  if (facts.addressCheck && !facts.addressCheck.valid) {
    warnings.push({ code: 'addressInvalid', message: `The address is not valid for ${facts.coin ?? 'the coin'}: ${facts.addressCheck.problem ?? ''}`.trim() });
  }
  if (facts.otherCustomersAtAddress > 0) {
    const count = `${facts.addressCountsCapped ? 'At least ' : ''}${plural(facts.otherCustomersAtAddress, 'other customer has', 'other customers have')}`;
    warnings.push({ code: 'addressShared', message: `${count} withdrawn to this address.` });
  }
  const deposited = millisOf(customer?.firstSuccessfulDepositAt);
  const asked = millisOf(facts.createdAt);
  if (customer && facts.firstWithdrawal && deposited !== null && asked !== null && asked >= deposited && asked - deposited < DAY_MS) {
    const hours = Math.floor((asked - deposited) / (60 * 60 * 1000));
    warnings.push({
      code: 'soonAfterFirstDeposit',
      message: `First withdrawal, asked ${hours < 1 ? 'less than an hour' : plural(hours, 'hour', 'hours')} after the customer's first successful deposit.`
    });
  }
  return warnings;
}

/** What the deposit dialog shows besides the preview. */
export interface DepositRiskReads {
  customer: DocSnapshot | null;
  earlierDeposits: number;
  /** The referral code of the depositor, and the customers holding it (up to 2, enough to tell one from several). */
  referral: { code: string; holders: DocSnapshot[] } | null;
}

export function depositRiskFacts(reads: DepositRiskReads) {
  const { customer, referral } = reads;
  const holder = referral && referral.holders.length === 1 && referral.holders[0]!.id !== customer?.id ? referral.holders[0]! : null;
  return {
    customer: customer && {
      id: customer.id,
      name: textOf(customer.data.fullname),
      email: textOf(customer.data.email),
      verified: customer.data.verified === true,
      kycStatus: kycStatusOf(customer),
      suspension: suspensionOf(customer.data)
    },
    earlierDeposits: reads.earlierDeposits,
    referralBonusTo: referral && { id: holder?.id ?? null, name: holder ? textOr(holder.data.fullname, userName(holder)) : null, code: referral.code }
  };
}
