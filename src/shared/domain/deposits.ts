import type { StatusPreview } from '../schemas/money';
import { fail, ok, type Result } from '../result';
import {
  fromCustomer,
  statusChangeset,
  userEmail,
  userName,
  textOr,
  type Changeset,
  type DocSnapshot,
  type DocumentChange,
  type EmailDraft,
  type Effect
} from './changeset';
import { investmentActivatedEmail, referralBonusEmail } from './emails';
import { checkResult, formatUsd, fromCents, percentOf, readAmount, readTotal, type Cents } from './money';
import { activationTerms, storedTermsOf, type PlanLookup } from './planTerms';
import { depositLock, type DepositStatus } from './statuses';
import { chainEvidence, type EvidenceRead } from './txid';

const REFERRAL_BONUS_PERCENT = 5;

/**
 * How many customers carrying the depositor's referral code the use-case looks for. One is the
 * referrer; two or more make the code ambiguous and no bonus is paid; the limit only caps how
 * precisely the audit note can count them ("at least 10").
 */
export const REFERRAL_MATCH_LIMIT = 10;

/** Everything the rule needs, read inside the transaction that will apply its result. */
export interface DepositChangeInput {
  deposit: DocSnapshot;
  /** null when users/{deposit.userId} does not exist. */
  depositor: DocSnapshot | null;
  /** undefined: the deposit has no investmentId; null: it names one that does not exist. */
  investment?: DocSnapshot | null;
  /**
   * The customers whose myReferralId is the depositor's referral code (referralCodeOf), at most
   * REFERRAL_MATCH_LIMIT of them; undefined when there is no usable code to look for.
   */
  referrers?: DocSnapshot[];
  platformName: string;
  /** The chain transaction that paid it in, its guard and the platform's settings (success only). */
  evidence?: EvidenceRead;
  /** The linked investment's plan (success only): its terms are kept on the investment it activates. */
  plan?: PlanLookup;
}

/** The depositor's referral code: none (not referred), a usable one, or a stored value that is not usable text. */
export type ReferralCode = { kind: 'none' } | { kind: 'code'; code: string } | { kind: 'unusable'; value: unknown };

/** Reads the depositor's `referreduserid`; the use-case looks referrers up only for kind 'code'. */
export function referralCodeOf(depositor: DocSnapshot | null): ReferralCode {
  const value = depositor?.data.referreduserid;
  if (value === undefined || value === null || value === '') return { kind: 'none' };
  if (typeof value === 'string' && value.trim() && value.trim().length <= 200) return { kind: 'code', code: value.trim() };
  return { kind: 'unusable', value };
}

const sameEmail = (a: unknown, b: string | null): boolean => typeof a === 'string' && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** A stored value as a note names it: strings quoted, anything else as JSON would show it. */
const stored = (value: unknown): string => {
  if (typeof value === 'string') return `"${value}"`;
  if (value === undefined || typeof value === 'number' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * Why the linked investment must not be activated by this deposit, one phrase per failed check, or
 * [] when it may: it belongs to the depositor (userId, or e-mail where it has no userId), its amount
 * is the deposit amount to the cent, and it is pending.
 */
function investmentProblems(investment: DocSnapshot, depositor: DocSnapshot, depositorEmail: string | null, amount: Cents): string[] {
  const problems: string[] = [];
  const data = investment.data;
  const owner = data.userId;
  if (owner !== undefined && owner !== null && owner !== '') {
    if (owner !== depositor.id) problems.push(`it belongs to another customer (userId ${stored(owner)}, the depositor is ${depositor.id})`);
  } else if (!sameEmail(data.email, depositorEmail)) {
    problems.push(
      data.email === undefined || data.email === null || data.email === ''
        ? 'it names no customer (no userId, no email)'
        : `it belongs to another customer (email ${stored(data.email)}, the depositor is ${depositorEmail ?? 'without an e-mail'})`
    );
  }
  const invested = readAmount(data.amount, 'its amount');
  if (!invested.ok) problems.push(invested.error.message.replace(/\.$/, ''));
  else if (invested.value !== amount) {
    problems.push(`its amount ${formatUsd(fromCents(invested.value))} is not the deposit amount ${formatUsd(fromCents(amount))}`);
  }
  if (data.status !== 'pending') problems.push(`its status is ${data.status === undefined ? 'missing' : stored(data.status)}, not "pending"`);
  return problems;
}

/**
 * The deposit status machine (docs/product-rules.md §5.1). pending <-> failed is free; success is
 * final and credits the depositor, activates the linked investment and pays the referrer 5%.
 */
export function changeDepositStatus(input: DepositChangeInput, to: DepositStatus): Result<Changeset> {
  const { deposit, platformName } = input;
  const started = statusChangeset('deposit', deposit, to, fromCustomer(deposit, 'userEmail'), depositLock(deposit.data.status));
  if (!started.ok) return started;
  const { from, path, changeset: base } = started.value;
  if (to !== 'success') return ok(base);

  const amount = readAmount(deposit.data.amount, 'The deposit amount');
  if (!amount.ok) return amount;
  const depositor = input.depositor;
  if (!depositor) {
    return fail('NOT_FOUND', `The customer who made this deposit (users/${textOr(deposit.data.userId, '?')}) does not exist.`);
  }
  const totalBefore = readTotal(depositor.data.Totaldeposit, "The depositor's Totaldeposit");
  if (!totalBefore.ok) return totalBefore;

  const evidence = chainEvidence('deposit', deposit, deposit.data.method, input.evidence ?? {}, {
    email: userEmail(depositor, deposit.data.userEmail),
    amount: formatUsd(fromCents(amount.value))
  });
  if (!evidence.ok) return evidence;
  const { txid } = evidence.value;
  const changes: DocumentChange[] = txid ? [{ path, set: { ...base.changes[0]!.set, txid } }, ...evidence.value.changes] : [...base.changes];
  const before = { ...base.audit.before };
  const after = { ...base.audit.after, ...(txid ? { [`${path}.txid`]: txid } : {}) };
  const notes: string[] = [...evidence.value.notes];
  const emails: EmailDraft[] = [];
  const effects: Effect[] = [];
  const name = userName(depositor);
  const userPath = `users/${depositor.id}`;
  const depositText = formatUsd(fromCents(amount.value));

  const totalAfter = totalBefore.value + amount.value;
  const totalChecked = checkResult(totalAfter, "The depositor's Totaldeposit");
  if (!totalChecked.ok) return totalChecked;
  changes.push({ path: userPath, set: { Totaldeposit: fromCents(totalAfter) } });
  before[`${userPath}.Totaldeposit`] = fromCents(totalBefore.value);
  after[`${userPath}.Totaldeposit`] = fromCents(totalAfter);
  effects.push({ key: `${userPath}.Totaldeposit`, label: `Total deposit of ${name}`, before: fromCents(totalBefore.value), after: fromCents(totalAfter) });

  if (input.investment === null) {
    notes.push(`The linked investment (${textOr(deposit.data.investmentId, '?')}) does not exist; the deposit was still approved.`);
  }
  const depositorEmail = userEmail(depositor, deposit.data.userEmail);
  if (input.investment) {
    const invPath = `investments/${input.investment.id}`;
    const problems = investmentProblems(input.investment, depositor, depositorEmail, amount.value);
    if (problems.length > 0) {
      notes.push(`The linked investment ${invPath} was left as it is: ${problems.join('; ')}. The deposit was still approved.`);
    } else {
      // Kept from now on: a payout compares the investment's ROI and duration with these (§5.7).
      const terms = storedTermsOf(input.investment) === undefined && input.plan ? activationTerms(input.plan) : null;
      changes.push({ path: invPath, set: { status: 'active', ...(terms ? { planTerms: terms } : {}) } });
      before[`${invPath}.status`] = 'pending';
      after[`${invPath}.status`] = 'active';
      if (terms) after[`${invPath}.planTerms`] = terms;
    }
  }

  if (depositorEmail) {
    emails.push(
      investmentActivatedEmail(platformName, { email: depositorEmail, name }, path, {
        amount: depositText,
        method: textOr(deposit.data.method, 'Not stated')
      })
    );
  } else notes.push('The depositor has no e-mail address on file, so no confirmation was sent.');

  const referral = referralCodeOf(depositor);
  const referrers = input.referrers ?? [];
  const referrer = referral.kind === 'code' && referrers.length === 1 ? referrers[0]! : null;
  let bonusPaid: Cents = 0;
  if (referral.kind === 'unusable') {
    notes.push(`The depositor's referral code (referreduserid) is not usable text (${stored(referral.value)}), so no referral bonus was paid.`);
  } else if (referral.kind === 'code' && referrers.length === 0) {
    notes.push(`No customer has the referral id ${referral.code}, so no referral bonus was paid.`);
  } else if (referral.kind === 'code' && referrers.length > 1) {
    const howMany = referrers.length >= REFERRAL_MATCH_LIMIT ? `at least ${referrers.length}` : String(referrers.length);
    notes.push(
      `The referral id ${referral.code} is ambiguous: ${howMany} customers share it (${referrers.map((r) => `users/${r.id}`).join(', ')}), so no referral bonus was paid.`
    );
  } else if (referrer && referrer.id === depositor.id) {
    notes.push('The depositor is listed as their own referrer, so no referral bonus was paid.');
  } else if (referrer) {
    const bonus = percentOf(amount.value, REFERRAL_BONUS_PERCENT);
    const balanceBefore = readTotal(referrer.data.balance, "The referrer's balance");
    if (!balanceBefore.ok) return balanceBefore;
    const refPath = `users/${referrer.id}`;
    const referrerName = userName(referrer);
    const balanceAfter = balanceBefore.value + bonus;
    const balanceChecked = checkResult(balanceAfter, "The referrer's balance");
    if (!balanceChecked.ok) return balanceChecked;
    changes.push({ path: refPath, set: { balance: fromCents(balanceAfter) } });
    bonusPaid = bonus;
    before[`${refPath}.balance`] = fromCents(balanceBefore.value);
    after[`${refPath}.balance`] = fromCents(balanceAfter);
    effects.push({
      key: `${refPath}.balance`,
      label: `Balance of ${referrerName} (referral bonus)`,
      before: fromCents(balanceBefore.value),
      after: fromCents(balanceAfter)
    });
    const referrerEmail = userEmail(referrer, null);
    if (referrerEmail) {
      emails.push(
        referralBonusEmail(platformName, { email: referrerEmail, name: referrerName }, path, {
          amount: formatUsd(fromCents(bonus)),
          deposit: depositText,
          percent: REFERRAL_BONUS_PERCENT
        })
      );
    } else notes.push('The referrer has no e-mail address on file, so no bonus e-mail was sent.');
  }

  return ok({
    changes,
    audit: {
      ...base.audit,
      summary: `Deposit of ${depositText} ${fromCustomer(deposit, 'userEmail')}: ${from || 'no status'} -> success`,
      before,
      after,
      notes,
      ...(txid ? { txid } : {}),
      // The daily snapshot's flows: the deposit credited, and the referral bonus when one was paid.
      flows: { creditedDeposits: amount.value, ...(bonusPaid > 0 ? { bonuses: bonusPaid } : {}) }
    },
    emails,
    effects,
    message: `Deposit approved. ${name}'s total deposits are now ${formatUsd(fromCents(totalAfter))}.`
  });
}

/** The investment a deposit is linked to, as the confirmation shows it before success is chosen (a preview's activation). */
export type InvestmentActivation = NonNullable<StatusPreview['activation']>;

/**
 * For a preview of success: the linked investment and whether `decided` (the changeset
 * changeDepositStatus made from the same input) activates it, with the same checks the rule made
 * when it does not. null when the deposit names no investment.
 */
export function investmentActivation(input: DepositChangeInput, decided: Changeset): InvestmentActivation | null {
  if (input.investment === undefined) return null;
  const investmentId = textOr(input.deposit.data.investmentId, '?');
  const investment = input.investment;
  if (!investment) return { investmentId, plan: null, amount: null, activates: false, why: 'It does not exist.' };
  const invested = readAmount(investment.data.amount, 'its amount');
  const plan = textOr(investment.data.plan, '') || null;
  const amount = invested.ok ? fromCents(invested.value) : null;
  const activates = decided.changes.some((change) => change.path === `investments/${investment.id}` && change.set.status === 'active');
  if (activates) return { investmentId: investment.id, plan, amount, activates, why: null };
  const deposited = readAmount(input.deposit.data.amount, 'The deposit amount');
  const problems =
    input.depositor && deposited.ok
      ? investmentProblems(investment, input.depositor, userEmail(input.depositor, input.deposit.data.userEmail), deposited.value)
      : [];
  const text = problems.length > 0 ? problems.join('; ') : 'the deposit is not approved';
  return { investmentId: investment.id, plan, amount, activates, why: `It stays as it is: ${text}.` };
}
