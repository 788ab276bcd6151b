import { fail, ok, type Result } from '../result';
import { textOr, userEmail, userName, type Changeset, type DocSnapshot } from './changeset';
import { investmentCompletedEmail } from './emails';
import { investmentLock, reactivationProblem } from './investments';
import { distanceText, distanceTo, maturityOf, roiDueOf } from './maturity';
import { checkResult, formatUsd, fromCents, readTotal } from './money';
import { platformSettingLabels, type PlatformSettings } from './platformSettings';
import { termsProblem, type PlanLookup } from './planTerms';
import { figureLabel } from './previews';
import { StoredTimestamp } from './stored';
import { suspensionOf } from './suspension';

/**
 * Paying out a matured investment (docs/product-rules.md §5.7): once, only where the platform says
 * Ledgerdesk pays them, in one transaction like any status change. The investment goes from active
 * to completed and is marked paid (`paidOutAt`); its customer's balance grows by principal + ROI and
 * their total earnings by the ROI; the audit entry records both figures, and the customer is told.
 */

/** How many customers sharing an investment's e-mail are looked for: two already make it ambiguous. */
export const PAYOUT_CUSTOMER_LIMIT = 5;

/** The investment's customer, found as a deposit finds its own: by `userId`, or by the e-mail where it has none. */
export type CustomerLookup =
  { by: 'userId'; userId: string; found: DocSnapshot | null } | { by: 'email'; email: string; found: DocSnapshot[] } | { by: 'none' };

/** Where to look the customer up: what the gather step reads. */
export function customerKeyOf(investment: DocSnapshot): { by: 'userId'; userId: string } | { by: 'email'; email: string } | { by: 'none' } {
  const userId = investment.data.userId;
  if (typeof userId === 'string' && userId.trim() && !userId.includes('/')) return { by: 'userId', userId: userId.trim() };
  const email = investment.data.email;
  if (typeof email === 'string' && email.trim()) return { by: 'email', email: email.trim() };
  return { by: 'none' };
}

export interface PayoutInput {
  investment: DocSnapshot;
  customer: CustomerLookup;
  settings: PlatformSettings;
  /** When the decision is taken: maturity is compared with it, and it is stored as `paidOutAt`. */
  now: Date;
  platformName: string;
  /** Its plan, read in the same transaction: the ROI and duration it is paid on must be the plan's. */
  plan: PlanLookup;
  /** Its audit entries (entityPath the investment), up to PAYOUT_HISTORY_LIMIT: a past cancel or completion shows there. */
  history: DocSnapshot[];
  /** Why it is paid despite what payoutOverrides names (5 to 500 characters), stored on the audit entry. */
  overrideReason?: string | null;
}

/** Audit entries of one investment read for its history: one that was ever cancelled or completed shows it in its first few. */
export const PAYOUT_HISTORY_LIMIT = 20;

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * What paying out this investment would override, one sentence each (docs/product-rules.md §5.7):
 * it was cancelled or completed and set back to active, its ROI and duration are not its plan's,
 * its customer is suspended. Empty: it is paid without question.
 */
export function payoutOverrides(input: Pick<PayoutInput, 'investment' | 'customer' | 'plan' | 'history'>): string[] {
  const overrides: string[] = [];
  const history = reactivationProblem(input.investment, input.history);
  if (history) overrides.push(history);
  const terms = termsProblem(input.investment, input.plan);
  if (terms) overrides.push(terms);
  const customer = customerOf(input.customer);
  const suspension = customer.ok ? suspensionOf(customer.value.data) : null;
  if (customer.ok && suspension) overrides.push(sentence(`${userName(customer.value)} is suspended: ${suspension.reason}`));
  return overrides;
}

/** The refusal of a payout that needs an override; bulk runs show it as the reason a record was left out. */
export const payoutOverrideNeeded = (overrides: readonly string[]): string =>
  `Paying out this investment needs an override reason. ${overrides.join(' ')} Pay it out on its own and give the reason.`;

export const PAYOUTS_OFF =
  `Ledgerdesk does not pay matured investments on this platform: "${platformSettingLabels.paysMaturedInvestments}" is off ` +
  '(Investment Plans screen), so nothing was paid.';

export const ALREADY_PAID = 'This investment was already paid out, so it cannot be paid again.';

/** A paid investment carries the moment it was paid; its status can no longer change (investmentLock). */
export const isPaidOut = (investment: DocSnapshot): boolean => investmentLock(investment.data.paidOutAt) !== null;

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

/** The one customer the payout credits, or why there is none to credit. */
function customerOf(lookup: CustomerLookup): Result<DocSnapshot> {
  if (lookup.by === 'none') return fail('NOT_FOUND', 'This investment names no customer (no userId and no e-mail), so there is nobody to pay.');
  if (lookup.by === 'userId') {
    return lookup.found ? ok(lookup.found) : fail('NOT_FOUND', `The customer of this investment (users/${lookup.userId}) does not exist.`);
  }
  if (lookup.found.length === 1) return ok(lookup.found[0]!);
  if (lookup.found.length === 0)
    return fail('NOT_FOUND', `No customer has the e-mail ${lookup.email} (this investment has no userId), so there is nobody to pay.`);
  const many = lookup.found.length >= PAYOUT_CUSTOMER_LIMIT ? `At least ${lookup.found.length}` : String(lookup.found.length);
  return fail(
    'CONFLICT',
    `${many} customers have the e-mail ${lookup.email} (${lookup.found.map((c) => `users/${c.id}`).join(', ')}) and this investment has no userId, so it is not clear whom to pay.`
  );
}

export function payOutInvestment(input: PayoutInput): Result<Changeset> {
  const { investment, settings, now, platformName } = input;
  if (!settings.paysMaturedInvestments) return fail('CONFLICT', PAYOUTS_OFF);
  if (isPaidOut(investment)) return fail('CONFLICT', ALREADY_PAID);
  const status = investment.data.status;
  if (status !== 'active') {
    const stored = typeof status === 'string' && status ? status : 'without a status';
    return fail('CONFLICT', `This investment is ${stored}, not active, so it cannot be paid out.`);
  }
  const maturesAt = maturityOf(investment.data.createdAt, investment.data.duration);
  if (!maturesAt.ok) return fail('VALIDATION', `This investment cannot be paid out: ${lowerFirst(maturesAt.error.message)}`);
  const distance = distanceTo(maturesAt.value, now);
  if (distance.kind === 'left') return fail('CONFLICT', `This investment has not matured yet (${distanceText(distance)}), so it cannot be paid out.`);
  const owed = roiDueOf(investment.data.amount, investment.data.roi);
  if (!owed.ok) return fail('VALIDATION', `This investment cannot be paid out: ${lowerFirst(owed.error.message)}`);
  const customer = customerOf(input.customer);
  if (!customer.ok) return customer;
  const overrides = payoutOverrides(input);
  const overrideReason = input.overrideReason?.trim() || null;
  if (overrides.length > 0 && !overrideReason) return fail('VALIDATION', payoutOverrideNeeded(overrides));

  const person = customer.value;
  const userPath = `users/${person.id}`;
  const balanceBefore = readTotal(person.data.balance, "The customer's balance");
  if (!balanceBefore.ok) return balanceBefore;
  const earningsBefore = readTotal(person.data.totalearnings, "The customer's totalearnings");
  if (!earningsBefore.ok) return earningsBefore;
  const credit = owed.value.principal + owed.value.roi;
  const balanceAfter = checkResult(balanceBefore.value + credit, "The customer's balance");
  if (!balanceAfter.ok) return balanceAfter;
  const earningsAfter = checkResult(earningsBefore.value + owed.value.roi, "The customer's totalearnings");
  if (!earningsAfter.ok) return earningsAfter;

  const path = `investments/${investment.id}`;
  const name = userName(person);
  const plan = textOr(investment.data.plan, '') || null;
  const principalText = formatUsd(fromCents(owed.value.principal));
  const roiText = formatUsd(fromCents(owed.value.roi));
  const balanceText = formatUsd(fromCents(balanceAfter.value));
  const email = userEmail(person, investment.data.email);
  const notes = overrides.length > 0 ? [`Paid out with an override: ${overrides.join(' ')}`] : [];
  if (!email) notes.push('The customer has no e-mail address on file, so no e-mail was sent.');
  // Worded as the preview words them (figureLabel), so the dialog and the toast say the same.
  const effect = (field: 'balance' | 'totalearnings', before: number, after: number) => ({
    key: `${userPath}.${field}`,
    label: figureLabel('investment', field, person, person.id),
    before: fromCents(before),
    after: fromCents(after)
  });

  return ok({
    changes: [
      { path, set: { status: 'completed', paidOutAt: new StoredTimestamp(Math.floor(now.getTime() / 1000), (now.getTime() % 1000) * 1e6) } },
      { path: userPath, set: { balance: fromCents(balanceAfter.value), totalearnings: fromCents(earningsAfter.value) } }
    ],
    audit: {
      kind: 'investment',
      action: 'investment.payout',
      entityPath: path,
      summary: `Investment of ${textOr(investment.data.email, name)}${plan ? ` (${plan})` : ''} paid out: ${principalText} + ROI ${roiText}`,
      before: {
        [`${path}.status`]: 'active',
        [`${userPath}.balance`]: fromCents(balanceBefore.value),
        [`${userPath}.totalearnings`]: fromCents(earningsBefore.value)
      },
      after: {
        [`${path}.status`]: 'completed',
        [`${userPath}.balance`]: fromCents(balanceAfter.value),
        [`${userPath}.totalearnings`]: fromCents(earningsAfter.value)
      },
      notes,
      reason: null,
      ...(overrides.length > 0 && overrideReason ? { overrideReason } : {}),
      userIds: [person.id],
      movedUserId: person.id,
      moved: { balance: credit, totalearnings: owed.value.roi },
      // The daily snapshot's flows: principal and ROI credited to the balance.
      flows: { payouts: credit }
    },
    emails: email ? [investmentCompletedEmail(platformName, { email, name }, path, { amount: principalText, roi: roiText, balance: balanceText, plan })] : [],
    effects: [effect('balance', balanceBefore.value, balanceAfter.value), effect('totalearnings', earningsBefore.value, earningsAfter.value)],
    message: `Investment paid out. ${name}'s balance is now ${balanceText}.`
  });
}
