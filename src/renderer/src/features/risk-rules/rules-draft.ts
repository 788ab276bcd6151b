import type { RiskRulesValue } from '@shared/contract';
import { addressKey, riskRulesProblem } from '@shared/domain/riskRules';
import { parseAmount } from '../../modules/customers/amount';

/** The form as typed: amounts as text ('' for a cap: the customer's own limit), the blocked list as edited. */
export interface RulesDraft {
  cap24h: string;
  cap30d: string;
  stepUpAbove: string;
  blockedAddresses: { address: string; reason: string }[];
}

const amountText = (value: number | null) => (value === null ? '' : String(value));

export const draftOf = (rules: RiskRulesValue): RulesDraft => ({
  cap24h: amountText(rules.cap24h),
  cap30d: amountText(rules.cap30d),
  stepUpAbove: amountText(rules.stepUpAbove),
  blockedAddresses: rules.blockedAddresses.map((entry) => ({ ...entry }))
});

export type DraftProblems = Partial<Record<'cap24h' | 'cap30d' | 'stepUpAbove' | 'blockedAddresses', string>>;

/** The rules the draft says, or what is wrong with it, field by field; checked again by the main process. */
export function rulesOf(draft: RulesDraft): { rules: RiskRulesValue | null; problems: DraftProblems } {
  const problems: DraftProblems = {};
  const cap = (text: string, field: 'cap24h' | 'cap30d'): number | null => {
    if (text.trim() === '') return null;
    const parsed = parseAmount(text);
    if (!parsed.ok) problems[field] = parsed.message;
    return parsed.ok ? parsed.value : null;
  };
  const cap24h = cap(draft.cap24h, 'cap24h');
  const cap30d = cap(draft.cap30d, 'cap30d');
  const stepUp = parseAmount(draft.stepUpAbove);
  if (!stepUp.ok) problems.stepUpAbove = stepUp.message;
  const rules: RiskRulesValue = {
    cap24h,
    cap30d,
    stepUpAbove: stepUp.ok ? stepUp.value : 0,
    blockedAddresses: draft.blockedAddresses.map((entry) => ({ address: entry.address.trim(), reason: entry.reason.trim() }))
  };
  const whole = riskRulesProblem(rules);
  if (whole) problems[whole.includes('cap') ? 'cap24h' : 'blockedAddresses'] = whole;
  return { rules: Object.keys(problems).length ? null : rules, problems };
}

/** Why a new blocked address cannot be added to the list, or null. */
export function newAddressProblem(list: RulesDraft['blockedAddresses'], address: string, reason: string): string | null {
  if (!address.trim()) return 'Type the address to block.';
  if (!reason.trim()) return 'Say why it is blocked: approvals to it show the reason.';
  if (list.some((entry) => addressKey(entry.address) === addressKey(address))) return 'This address is already blocked.';
  return null;
}

/** Field by field: the stored rules arrive with their keys in another order than the form builds them. */
export const sameRules = (a: RiskRulesValue, b: RiskRulesValue): boolean =>
  a.cap24h === b.cap24h &&
  a.cap30d === b.cap30d &&
  a.stepUpAbove === b.stepUpAbove &&
  a.blockedAddresses.length === b.blockedAddresses.length &&
  a.blockedAddresses.every((entry, i) => entry.address === b.blockedAddresses[i]!.address && entry.reason === b.blockedAddresses[i]!.reason);
