import type { StatusPreview } from '@shared/contract';
import { formatMoney } from '../../lib/format';

/** The longest reason or note an administrator can type (the audit entry keeps it whole). */
export const REASON_MAX = 500;

/** The choice in a reason select that opens the free-text field. */
export const OTHER_REASON = 'Other…';

/**
 * What a decision asks the administrator to say about it: a reason picked from the common ones
 * (or typed after "Other…") when the decision needs one, an optional note otherwise.
 */
export type ReasonRule = { kind: 'required'; choices: readonly string[] } | { kind: 'optional' };

/** What the administrator has entered so far: the picked choice ('' none yet) and the typed text. */
export interface ReasonDraft {
  choice: string;
  text: string;
}

export type ReasonCheck = { ok: true; reason: string | null } | { ok: false; problem: string };

/**
 * The reason a decision is sent with, or why it cannot be sent yet: a required reason is a picked
 * common reason or, after "Other…", non-empty text; an optional note is its text or null.
 */
export function checkReason(rule: ReasonRule, draft: ReasonDraft): ReasonCheck {
  const text = draft.text.trim();
  if (text.length > REASON_MAX) return { ok: false, problem: `Keep it to ${REASON_MAX} characters (${text.length} now).` };
  if (rule.kind === 'optional') return { ok: true, reason: text || null };
  if (!draft.choice) return { ok: false, problem: 'Choose a reason.' };
  if (draft.choice !== OTHER_REASON) return { ok: true, reason: draft.choice };
  return text ? { ok: true, reason: text } : { ok: false, problem: 'Write the reason.' };
}

/** One figure the decision moves, as the dialog lists it: "Balance of Olivia Johnson", "$10.00", "$260.00". */
export interface EffectRow {
  label: string;
  before: string;
  after: string;
}

export const effectRows = (preview: Pick<StatusPreview, 'effects'>): EffectRow[] =>
  preview.effects.map((effect) => ({ label: effect.label, before: formatMoney(effect.before), after: formatMoney(effect.after) }));

const emailKindWords: Record<StatusPreview['emails'][number]['kind'], string> = {
  investmentActivated: 'investment activated',
  referralBonus: 'referral bonus earned',
  withdrawalProcessed: 'withdrawal processed',
  withdrawalRejected: 'withdrawal rejected',
  custom: 'message',
  investmentCompleted: 'investment completed',
  kycApproved: 'KYC approved',
  kycRejected: 'KYC rejected',
  kycResubmission: 'KYC resubmission requested',
  // Queued by the backend host only, never by a status decision; named for completeness.
  invitation: 'team invitation'
};

/** "olivia@gmail.com: withdrawal rejected e-mail" */
export const emailLine = (email: StatusPreview['emails'][number]): string => `${email.to}: ${emailKindWords[email.kind]} e-mail`;

/** The investment a successful deposit activates, or why it does not, in one sentence. */
export function activationLine(activation: NonNullable<StatusPreview['activation']>): string {
  const what = [activation.plan ? `${activation.plan} plan` : 'Linked investment', activation.amount !== null ? formatMoney(activation.amount) : null]
    .filter(Boolean)
    .join(' of ');
  if (activation.activates) return `${what} becomes active.`;
  return `${what} does not become active. ${activation.why ?? ''}`.trim();
}

/** The cache root of the facts a decision is taken on (risk panels): refreshed with the preview when the record changed. */
export const decisionFactsKey = ['decisionFacts'] as const;

/** "did not meet the required conditions" -> "Did not meet the required conditions", as the select lists it. */
export const reasonLabel = (reason: string): string => reason.charAt(0).toUpperCase() + reason.slice(1);
