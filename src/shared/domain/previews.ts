import type { Result } from '../result';
import type { StatusPreview } from '../schemas/money';
import { textOr, userName, type AuditKind, type Changeset, type DocSnapshot, type Effect } from './changeset';
import type { InvestmentActivation } from './deposits';

/** What a status change would do, as the contract carries it (src/shared/schemas/money.ts). */
export type { StatusPreview };

/** The customer fields a money rule moves, as the administrator calls them. */
const FIGURE_NAMES: Record<string, string> = {
  Totaldeposit: 'Total deposit',
  Totalwithdrawal: 'Total withdrawal',
  Totalwithdrawals: 'Total withdrawals (platform spelling)',
  balance: 'Balance',
  totalearnings: 'Total earnings'
};

/** Why a figure moves, where the field alone does not say it. */
function because(kind: AuditKind, field: string, isCustomer: boolean): string {
  if (kind === 'deposit' && !isCustomer && field === 'balance') return ' (referral bonus)';
  if (kind === 'withdrawal' && field === 'balance') return ' (refund)';
  if (kind === 'investment' && field === 'balance') return ' (principal and ROI)';
  if (kind === 'investment' && field === 'totalearnings') return ' (ROI)';
  return '';
}

/**
 * "Total deposit of Dana Depositor", "Balance of Rita Referrer, referrer with code REFRITA
 * (referral bonus)": the customer by name, anyone else (the referrer) by name and referral code.
 */
export function figureLabel(kind: AuditKind, field: string, person: DocSnapshot, customerId: string | null): string {
  const isCustomer = person.id === customerId;
  const who = isCustomer ? userName(person) : `${userName(person)}, referrer with code ${textOr(person.data.myReferralId, 'none')}`;
  return `${FIGURE_NAMES[field] ?? field} of ${who}${because(kind, field, isCustomer)}`;
}

/**
 * Every number the changeset writes on a customer, with the value the rule read before it (the
 * audit entry's before, which is what the commit records) and the value it writes.
 */
export function figureEffects(changeset: Changeset, people: readonly DocSnapshot[], customerId: string | null): Effect[] {
  const effects: Effect[] = [];
  for (const change of changeset.changes) {
    const person = people.find((p) => `users/${p.id}` === change.path);
    if (!person) continue;
    for (const [field, after] of Object.entries(change.set)) {
      const before = changeset.audit.before[`${change.path}.${field}`];
      if (typeof after !== 'number' || typeof before !== 'number') continue;
      effects.push({ key: `${change.path}.${field}`, label: figureLabel(changeset.audit.kind, field, person, customerId), before, after });
    }
  }
  return effects;
}

export interface PreviewFacts {
  /** The customers read: the record's customer and any referrer. */
  people: readonly DocSnapshot[];
  /** The record's own customer (its userId), named without a role. */
  customerId: string | null;
  activation: InvestmentActivation | null;
  /** What the change would override (approvalOverrides); empty where nothing can be overridden. */
  overrides?: readonly string[];
  version: string;
}

/** The preview of one decision: refused with its reason, or allowed with everything it would do. */
export function previewOf(decision: Result<Changeset>, facts: PreviewFacts): StatusPreview {
  if (!decision.ok) {
    return {
      allowed: false,
      refusal: decision.error,
      effects: [],
      activation: null,
      emails: [],
      notes: [],
      overrides: [...(facts.overrides ?? [])],
      version: facts.version
    };
  }
  const changeset = decision.value;
  return {
    allowed: true,
    refusal: null,
    effects: figureEffects(changeset, facts.people, facts.customerId),
    activation: facts.activation,
    emails: changeset.emails.map((email) => ({ to: email.to, kind: email.kind })),
    notes: [...changeset.audit.notes],
    overrides: [...(facts.overrides ?? [])],
    version: facts.version
  };
}
