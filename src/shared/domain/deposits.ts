import { fail, ok, type Result } from '../result';
import {
  customerEmail,
  customerName,
  textOr,
  type Changeset,
  type CustomerSnapshot,
  type DocSnapshot,
  type DocumentChange,
  type EmailDraft,
  type Effect
} from './changeset';
import { investmentActivatedEmail, referralBonusEmail } from './emails';
import { formatUsd, fromCents, percentOf, readAmount, readTotal } from './money';
import { depositLock, type DepositStatus } from './statuses';

export const REFERRAL_BONUS_PERCENT = 5;

export type DepositSnapshot = DocSnapshot;

/** Everything the rule needs, read inside the transaction that will apply its result. */
export interface DepositChangeInput {
  deposit: DepositSnapshot;
  /** null when users/{deposit.userId} does not exist. */
  depositor: CustomerSnapshot | null;
  /** undefined: the deposit has no investmentId; null: it names one that does not exist. */
  investment?: DocSnapshot | null;
  /** undefined: the depositor was not referred; null: nobody has that referral id. */
  referrer?: CustomerSnapshot | null;
  platformName: string;
}

/**
 * The deposit status machine (DESIGN.md "Money rules"). pending <-> failed is free; success is
 * final and credits the depositor, activates the linked investment and pays the referrer 5%.
 */
export function changeDepositStatus(input: DepositChangeInput, to: DepositStatus): Result<Changeset> {
  const { deposit, platformName } = input;
  const from = typeof deposit.data.status === 'string' ? deposit.data.status : '';
  const locked = depositLock(from);
  if (locked) return fail('CONFLICT', locked);
  if (from === to) return fail('CONFLICT', `This deposit is already ${to}.`);

  const path = `deposits/${deposit.id}`;
  const who = textOr(deposit.data.userEmail, textOr(deposit.data.username, 'a customer'));
  const base: Changeset = {
    changes: [{ path, set: { status: to } }],
    audit: {
      kind: 'deposit',
      action: 'deposit.status',
      entityPath: path,
      summary: `Deposit from ${who}: ${from || 'no status'} -> ${to}`,
      before: { [`${path}.status`]: from || null },
      after: { [`${path}.status`]: to },
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: `Deposit marked ${to}.`
  };
  if (to !== 'success') return ok(base);

  const amount = readAmount(deposit.data.amount, 'The deposit amount');
  if (!amount.ok) return amount;
  const depositor = input.depositor;
  if (!depositor) {
    return fail('NOT_FOUND', `The customer who made this deposit (users/${textOr(deposit.data.userId, '?')}) does not exist.`);
  }
  const totalBefore = readTotal(depositor.data.Totaldeposit, "The depositor's Totaldeposit");
  if (!totalBefore.ok) return totalBefore;

  const changes: DocumentChange[] = [...base.changes];
  const before = { ...base.audit.before };
  const after = { ...base.audit.after };
  const notes: string[] = [];
  const emails: EmailDraft[] = [];
  const effects: Effect[] = [];
  const name = customerName(depositor);
  const userPath = `users/${depositor.id}`;
  const depositText = formatUsd(fromCents(amount.value));

  const totalAfter = totalBefore.value + amount.value;
  changes.push({ path: userPath, set: { Totaldeposit: fromCents(totalAfter) } });
  before[`${userPath}.Totaldeposit`] = fromCents(totalBefore.value);
  after[`${userPath}.Totaldeposit`] = fromCents(totalAfter);
  effects.push({ label: `Total deposit of ${name}`, before: fromCents(totalBefore.value), after: fromCents(totalAfter) });

  if (input.investment === null) {
    notes.push(`The linked investment (${textOr(deposit.data.investmentId, '?')}) does not exist; the deposit was still approved.`);
  } else if (input.investment) {
    const invPath = `investments/${input.investment.id}`;
    const invStatus = input.investment.data.status;
    if (invStatus === 'active') notes.push(`The linked investment ${invPath} was already active.`);
    else {
      changes.push({ path: invPath, set: { status: 'active' } });
      before[`${invPath}.status`] = typeof invStatus === 'string' ? invStatus : null;
      after[`${invPath}.status`] = 'active';
    }
  }

  const depositorEmail = customerEmail(depositor, deposit.data.userEmail);
  if (depositorEmail) {
    emails.push(
      investmentActivatedEmail(platformName, { email: depositorEmail, name }, path, {
        amount: depositText,
        method: textOr(deposit.data.method, 'Not stated')
      })
    );
  } else notes.push('The depositor has no e-mail address on file, so no confirmation was sent.');

  const referralId = textOr(depositor.data.referreduserid, '');
  if (input.referrer === null) {
    notes.push(`No customer has the referral id ${referralId}, so no referral bonus was paid.`);
  } else if (input.referrer && input.referrer.id === depositor.id) {
    notes.push('The depositor is listed as their own referrer, so no referral bonus was paid.');
  } else if (input.referrer) {
    const referrer = input.referrer;
    const bonus = percentOf(amount.value, REFERRAL_BONUS_PERCENT);
    const balanceBefore = readTotal(referrer.data.balance, "The referrer's balance");
    if (!balanceBefore.ok) return balanceBefore;
    const refPath = `users/${referrer.id}`;
    const referrerName = customerName(referrer);
    const balanceAfter = balanceBefore.value + bonus;
    changes.push({ path: refPath, set: { balance: fromCents(balanceAfter) } });
    before[`${refPath}.balance`] = fromCents(balanceBefore.value);
    after[`${refPath}.balance`] = fromCents(balanceAfter);
    effects.push({ label: `Balance of ${referrerName} (referral bonus)`, before: fromCents(balanceBefore.value), after: fromCents(balanceAfter) });
    const referrerEmail = customerEmail(referrer, null);
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
    audit: { ...base.audit, summary: `Deposit of ${depositText} from ${who}: ${from || 'no status'} -> success`, before, after, notes },
    emails,
    effects,
    message: `Deposit approved. ${name}'s total deposits are now ${formatUsd(fromCents(totalAfter))}.`
  });
}
