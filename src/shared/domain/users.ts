import { fail, ok, type Result } from '../result';
import { userName, type Changeset, type DocSnapshot } from './changeset';
import { checkResult, formatUsd, fromCents, MAX_AMOUNT, readTotal, toCents, withinBounds } from './money';

/** The user figures the administrator may adjust by hand (Manage), one at a time. */
export const adjustableFields = [
  'balance',
  'Totaldeposit',
  'Totalwithdrawal',
  'totalearnings',
  'TotalBonus',
  'withdrawalLimit',
  'withdrawalFeePercentage'
] as const;
export type AdjustableField = (typeof adjustableFields)[number];

export const fieldLabels: Record<AdjustableField, string> = {
  balance: 'Balance',
  Totaldeposit: 'Total Deposit',
  Totalwithdrawal: 'Total Withdrawal',
  totalearnings: 'Total Earnings',
  TotalBonus: 'Total Bonus',
  withdrawalLimit: 'Withdrawal Limit',
  withdrawalFeePercentage: 'Withdrawal Fee (%)'
};

/** Shown as money, except the fee, which is a percentage. */
export const formatFieldValue = (field: AdjustableField, value: number): string =>
  field === 'withdrawalFeePercentage' ? `${value.toFixed(2)}%` : formatUsd(value);

export interface AdjustmentCommand {
  field: AdjustableField;
  operation: 'add' | 'subtract';
  amount: number;
  reason: string;
  /** The administrator confirmed a second time that the result may go below zero. */
  allowNegative: boolean;
}

export interface AdjustmentPreview {
  before: number;
  after: number;
  /** The result is below zero and needs the second confirmation. */
  negative: boolean;
}

/** The arithmetic of an adjustment, in cents, shared by the modal's preview and the commit. */
export function previewAdjustment(current: unknown, command: Pick<AdjustmentCommand, 'field' | 'operation' | 'amount'>): Result<AdjustmentPreview> {
  if (typeof command.amount !== 'number' || !Number.isFinite(command.amount)) {
    return fail('VALIDATION', 'Enter a number, for example 150 or 99.50.');
  }
  if (command.amount <= 0) return fail('VALIDATION', 'Enter an amount greater than zero.');
  const cents = toCents(command.amount);
  // 0.001 rounds to nothing: an adjustment that moves nothing would still write an audit entry.
  if (cents === 0) return fail('VALIDATION', 'Enter an amount of at least 0.01.');
  if (!withinBounds(cents)) return fail('VALIDATION', `The amount to ${command.operation} is more than ${formatUsd(MAX_AMOUNT)}.`);
  const label = fieldLabels[command.field];
  const before = readTotal(current, label);
  if (!before.ok) return before;
  const after = checkResult(before.value + cents * (command.operation === 'add' ? 1 : -1), label);
  if (!after.ok) return after;
  return ok({ before: fromCents(before.value), after: fromCents(after.value), negative: after.value < 0 });
}

export function adjustUserField(user: DocSnapshot, command: AdjustmentCommand): Result<Changeset> {
  const reason = command.reason.trim();
  if (!reason) return fail('VALIDATION', 'A reason is required.');
  const preview = previewAdjustment(user.data[command.field], command);
  if (!preview.ok) return preview;
  const { before, after, negative } = preview.value;
  const label = fieldLabels[command.field];
  if (negative && !command.allowNegative) {
    return fail('CONFLICT', `${label} would go below zero (${formatFieldValue(command.field, after)}). Confirm to go ahead.`);
  }
  const path = `users/${user.id}`;
  const shown = formatFieldValue(command.field, after);
  return ok({
    changes: [{ path, set: { [command.field]: after } }],
    audit: {
      kind: 'user',
      action: 'user.adjust',
      entityPath: path,
      summary: `${label} of ${userName(user)}: ${formatFieldValue(command.field, before)} -> ${shown}`,
      before: { [`${path}.${command.field}`]: before },
      after: { [`${path}.${command.field}`]: after },
      notes: negative ? ['The administrator confirmed a result below zero.'] : [],
      reason,
      // Summable by reconciliation: the figure moved and its signed change in cents.
      movedUserId: user.id,
      moved: { [command.field]: toCents(after) - toCents(before) }
    },
    emails: [],
    effects: [{ key: `${path}.${command.field}`, label: `${label} of ${userName(user)}`, before, after }],
    message: `${label} updated to ${shown}`
  });
}

export function setUserVerified(user: DocSnapshot, verified: boolean): Result<Changeset> {
  const current = user.data.verified === true;
  if (current === verified) {
    return fail('CONFLICT', `This customer is already ${verified ? 'verified' : 'unverified'}.`);
  }
  const path = `users/${user.id}`;
  return ok({
    changes: [{ path, set: { verified } }],
    audit: {
      kind: 'user',
      action: verified ? 'user.verify' : 'user.unverify',
      entityPath: path,
      summary: `${userName(user)} ${verified ? 'verified' : 'unverified'}`,
      before: { [`${path}.verified`]: current },
      after: { [`${path}.verified`]: verified },
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: verified ? 'User verified successfully!' : 'User unverified successfully!'
  });
}

export const kycDecisions = ['approved', 'rejected', 'pending'] as const;
export type KycDecision = (typeof kycDecisions)[number];

/** The original admin only showed KYC; a back-office decides on it, and every decision is audited (docs/product-rules.md §6.4). */
export function decideKyc(user: DocSnapshot, status: KycDecision): Result<Changeset> {
  const kyc = user.data.kyc;
  if (!kyc || typeof kyc !== 'object') return fail('NOT_FOUND', 'This customer has not submitted KYC documents.');
  const current = (kyc as Record<string, unknown>).status;
  if (current === status) return fail('CONFLICT', `This KYC is already ${status}.`);
  const path = `users/${user.id}`;
  return ok({
    changes: [{ path, set: { 'kyc.status': status } }],
    audit: {
      kind: 'user',
      action: 'user.kyc',
      entityPath: path,
      summary: `KYC of ${userName(user)}: ${typeof current === 'string' ? current : 'no status'} -> ${status}`,
      before: { [`${path}.kyc.status`]: typeof current === 'string' ? current : null },
      after: { [`${path}.kyc.status`]: status },
      notes: [],
      reason: null
    },
    emails: [],
    effects: [],
    message: status === 'approved' ? 'KYC approved.' : status === 'rejected' ? 'KYC rejected.' : 'KYC set back to pending.'
  });
}

/** Answered when a user's document is gone (deleted meanwhile). */
export const USER_GONE_MESSAGE = 'This customer no longer exists.';
