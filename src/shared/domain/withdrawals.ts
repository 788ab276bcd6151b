import { fail, ok, type Result } from '../result';
import { customerEmail, customerName, textOr, type Changeset, type CustomerSnapshot, type DocSnapshot } from './changeset';
import { withdrawalProcessedEmail, withdrawalRejectedEmail } from './emails';
import { formatUsd, fromCents, readAmount, readTotal } from './money';
import { withdrawalLock, type WithdrawalStatus } from './statuses';

export interface WithdrawalChangeInput {
  withdrawal: DocSnapshot;
  /** null when users/{withdrawal.userId} does not exist. */
  withdrawer: CustomerSnapshot | null;
  platformName: string;
}

export const WITHDRAWAL_APPROVED_MESSAGE = 'Withdrawal approved successfully!';
export const WITHDRAWAL_REJECTED_MESSAGE = 'Withdrawal rejected, amount added back to user balance.';

/**
 * The withdrawal status machine. Approved and rejected are both final: approval adds to
 * Totalwithdrawal, rejection returns the amount to the balance, and neither can happen twice.
 */
export function changeWithdrawalStatus(input: WithdrawalChangeInput, to: WithdrawalStatus): Result<Changeset> {
  const { withdrawal, platformName } = input;
  const from = typeof withdrawal.data.status === 'string' ? withdrawal.data.status : '';
  const locked = withdrawalLock(from);
  if (locked) return fail('CONFLICT', locked);
  if (from === to) return fail('CONFLICT', `This withdrawal is already ${to}.`);

  const path = `withdrawals/${withdrawal.id}`;
  const who = textOr(withdrawal.data.email, textOr(withdrawal.data.username, 'a customer'));
  const audit = {
    kind: 'withdrawal' as const,
    action: 'withdrawal.status',
    entityPath: path,
    summary: `Withdrawal from ${who}: ${from || 'no status'} -> ${to}`,
    before: { [`${path}.status`]: from || null } as Record<string, unknown>,
    after: { [`${path}.status`]: to } as Record<string, unknown>,
    notes: [] as string[],
    reason: null
  };
  if (to === 'pending') {
    return ok({ changes: [{ path, set: { status: to } }], audit, emails: [], effects: [], message: 'Withdrawal marked pending.' });
  }

  const amount = readAmount(withdrawal.data.amount, 'The withdrawal amount');
  if (!amount.ok) return amount;
  const withdrawer = input.withdrawer;
  if (!withdrawer) {
    return fail('NOT_FOUND', `The customer who asked for this withdrawal (users/${textOr(withdrawal.data.userId, '?')}) does not exist.`);
  }
  const field = to === 'approved' ? 'Totalwithdrawal' : 'balance';
  const totalBefore = readTotal(withdrawer.data[field], `The customer's ${field}`);
  if (!totalBefore.ok) return totalBefore;

  const name = customerName(withdrawer);
  const userPath = `users/${withdrawer.id}`;
  const totalAfter = totalBefore.value + amount.value;
  const amountText = formatUsd(fromCents(amount.value));
  const method = textOr(withdrawal.data.cryptoType, 'Not stated');
  audit.summary = `Withdrawal of ${amountText} from ${who}: ${from || 'no status'} -> ${to}`;
  audit.before[`${userPath}.${field}`] = fromCents(totalBefore.value);
  audit.after[`${userPath}.${field}`] = fromCents(totalAfter);

  const email = customerEmail(withdrawer, withdrawal.data.email);
  const recipient = email ? { email, name } : null;
  if (!recipient) audit.notes.push('The customer has no e-mail address on file, so no e-mail was sent.');
  const emails = !recipient
    ? []
    : to === 'approved'
      ? [
          withdrawalProcessedEmail(platformName, recipient, path, {
            amount: amountText,
            method,
            walletAddress: textOr(withdrawal.data.walletAddress, 'Not stated')
          })
        ]
      : [withdrawalRejectedEmail(platformName, recipient, path, { amount: amountText, method })];

  return ok({
    changes: [
      { path, set: { status: to } },
      { path: userPath, set: { [field]: fromCents(totalAfter) } }
    ],
    audit,
    emails,
    effects: [
      {
        label: to === 'approved' ? `Total withdrawal of ${name}` : `Balance of ${name} (refund)`,
        before: fromCents(totalBefore.value),
        after: fromCents(totalAfter)
      }
    ],
    message: to === 'approved' ? WITHDRAWAL_APPROVED_MESSAGE : WITHDRAWAL_REJECTED_MESSAGE
  });
}
