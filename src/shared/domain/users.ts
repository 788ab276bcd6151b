import { fail, ok, type Result } from '../result';
import { userEmail, userName, type Changeset, type DocSnapshot, type EmailDraft } from './changeset';
import { millisOf } from './dates';
import { kycApprovedEmail, kycRejectedEmail, kycResubmissionEmail } from './emails';
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

export const kycDecisions = ['approved', 'rejected', 'pending', 'resubmissionRequested'] as const;
export type KycDecision = (typeof kycDecisions)[number];

/** "Resubmission requested", as the screens and e-mails say each decision. */
export const kycStatusLabels: Record<KycDecision, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  pending: 'Pending',
  resubmissionRequested: 'Resubmission requested'
};

/** The common reasons a KYC is rejected; the dialog offers them and free text. */
export const kycRejectionReasons = [
  'the document is unreadable or blurred',
  'the document has expired',
  'the name does not match the account',
  'the selfie does not match the document',
  'the document type is not accepted'
] as const;

/** The documents a resubmission can ask for again, as the customer's e-mail names them. */
export const kycDocumentNames = ['idFront', 'idBack', 'selfie', 'proofOfAddress'] as const;
export type KycDocument = (typeof kycDocumentNames)[number];
export const kycDocuments: Record<KycDocument, string> = {
  idFront: 'Front of your ID document',
  idBack: 'Back of your ID document',
  selfie: 'A selfie holding your ID document',
  proofOfAddress: 'Proof of address (a utility bill or bank statement from the last 3 months)'
};

export interface KycDecisionCommand {
  status: KycDecision;
  /** Required to reject (the customer is told it); an optional note for a resubmission. */
  reason?: string | null;
  /** Required for a resubmission: the documents to send again. */
  documents?: readonly KycDocument[];
}

/** An approved KYC whose expiry date has passed: flagged on the customer's page and counted on the dashboard. */
export function kycExpired(kyc: { status: unknown; expiryDate: unknown } | null, nowMs: number): boolean {
  if (!kyc || kyc.status !== 'approved') return false;
  const expiry = millisOf(kyc.expiryDate);
  return expiry !== null && expiry < nowMs;
}

function kycEmail(platformName: string, user: DocSnapshot, command: KycDecisionCommand, reason: string | null): EmailDraft | null {
  const email = userEmail(user, null);
  if (!email) return null;
  const to = { email, name: userName(user) };
  const about = `users/${user.id}`;
  if (command.status === 'approved') return kycApprovedEmail(platformName, to, about, {});
  if (command.status === 'rejected') return kycRejectedEmail(platformName, to, about, { reason: reason ?? '' });
  if (command.status === 'resubmissionRequested') {
    return kycResubmissionEmail(platformName, to, about, { documents: (command.documents ?? []).map((d) => kycDocuments[d]), note: reason });
  }
  return null;
}

/**
 * A decision on a customer's KYC (docs/product-rules.md §6.4): approve (the customer is told), reject
 * with a reason (the customer is told it), ask for named documents again (its own status,
 * `resubmissionRequested`, and the list in `kyc.requestedDocuments`; the customer is told the list),
 * or set it back to pending. Audited with the reason and the documents.
 */
export function decideKyc(user: DocSnapshot, command: KycDecisionCommand, platformName: string): Result<Changeset> {
  const { status } = command;
  const kyc = user.data.kyc;
  if (!kyc || typeof kyc !== 'object') return fail('NOT_FOUND', 'This customer has not submitted KYC documents.');
  const stored = kyc as Record<string, unknown>;
  const current = stored.status;
  const reason = command.reason?.trim() || null;
  const documents = [...new Set(command.documents ?? [])];
  if (status === 'rejected' && !reason) return fail('VALIDATION', 'Give the reason for rejecting: the customer is told it.');
  if (status === 'resubmissionRequested' && documents.length === 0) return fail('VALIDATION', 'Choose the documents the customer should send again.');
  if (current === status && status !== 'resubmissionRequested') return fail('CONFLICT', `This KYC is already ${kycStatusLabels[status].toLowerCase()}.`);
  const path = `users/${user.id}`;
  const set: Record<string, unknown> = { 'kyc.status': status };
  if (status === 'resubmissionRequested') set['kyc.requestedDocuments'] = documents;
  else if (Array.isArray(stored.requestedDocuments)) set['kyc.requestedDocuments'] = null;
  const email = kycEmail(platformName, user, { ...command, documents }, reason);
  const notes: string[] = [];
  if (status === 'resubmissionRequested') notes.push(`Documents asked for again: ${documents.map((d) => kycDocuments[d]).join('; ')}.`);
  if (!email && status !== 'pending') notes.push('The customer has no e-mail address on file, so no e-mail was sent.');
  const before = typeof current === 'string' ? current : null;
  return ok({
    changes: [{ path, set }],
    audit: {
      kind: 'user',
      action: 'user.kyc',
      entityPath: path,
      summary: `KYC of ${userName(user)}: ${before ?? 'no status'} -> ${status}`,
      before: {
        [`${path}.kyc.status`]: before,
        ...('kyc.requestedDocuments' in set ? { [`${path}.kyc.requestedDocuments`]: stored.requestedDocuments ?? null } : {})
      },
      after: {
        [`${path}.kyc.status`]: status,
        ...('kyc.requestedDocuments' in set ? { [`${path}.kyc.requestedDocuments`]: set['kyc.requestedDocuments'] } : {})
      },
      notes,
      reason
    },
    emails: email ? [email] : [],
    effects: [],
    message:
      status === 'approved'
        ? 'KYC approved.'
        : status === 'rejected'
          ? 'KYC rejected.'
          : status === 'resubmissionRequested'
            ? 'Resubmission requested.'
            : 'KYC set back to pending.'
  });
}

/** Answered when a user's document is gone (deleted meanwhile). */
export const USER_GONE_MESSAGE = 'This customer no longer exists.';
