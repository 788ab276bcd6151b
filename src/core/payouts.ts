import {
  customerKeyOf,
  payOutInvestment,
  payoutOverrides,
  PAYOUT_CUSTOMER_LIMIT,
  PAYOUT_HISTORY_LIMIT,
  type CustomerLookup,
  type PayoutInput
} from '../shared/domain/payouts';
import { payoutNeed } from '../shared/domain/approvalPayouts';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../shared/domain/platformSettings';
import { ok } from '../shared/result';
import { lookUpPlan } from './planLookup';
import type { TransactionReader } from './ports/ledgerStore';
import { required } from './reads';
import { changeStatusWith } from './statusChanges';
import { statusPreviewWith } from './statusPreviews';
import type { StatusRule } from './statusRules';

/** The customer a payout credits, read inside the transaction: by userId, or every customer with the e-mail (up to a few). */
async function lookUpCustomer(read: TransactionReader, key: ReturnType<typeof customerKeyOf>): Promise<CustomerLookup> {
  if (key.by === 'userId') return { ...key, found: await read.get(`users/${key.userId}`) };
  if (key.by === 'email') return { ...key, found: await read.findAll('users', 'email', key.email, PAYOUT_CUSTOMER_LIMIT) };
  return key;
}

/**
 * A payout is decided like a status change to completed (docs/product-rules.md §5.7): the same
 * pipeline (statusChanges.ts), so it is idempotent, previewed with a version (the investment and the
 * platform settings whole, the customer's facts, and by value the balance and total earnings it
 * moves; its plan and its audit entries too), committed in one transaction with its audit entry and
 * its e-mail. One that was cancelled or completed before, is not on its plan's terms, or whose
 * customer is suspended is paid only with an override reason, as a withdrawal's approval is; with
 * `settings/ledgerdesk.approvals.payoutOverride` on, such a payout becomes an approval request
 * (docs/product-rules.md §15.6), decided on the policy read in the same transaction (its settings).
 */
export const payoutRule: StatusRule<'completed', PayoutInput> = {
  async gather(read, id, _status, platformName) {
    // Its past statuses are read before the investment itself: a payout committed meanwhile then shows as paid (CONFLICT), never as
    // an investment "completed before" that an unpaid read of it would make of the payout's own audit entry.
    const history = await read.findAll('auditLog', 'entityPath', `investments/${id}`, PAYOUT_HISTORY_LIMIT);
    const investment = await required(read, `investments/${id}`, 'Investment not found.');
    if (!investment.ok) return investment;
    const settings = readPlatformSettings((await read.get(PLATFORM_SETTINGS_PATH))?.data ?? null);
    const customer = await lookUpCustomer(read, customerKeyOf(investment.value));
    // Whether it is paid without question also depends on its plan, read in the same transaction.
    const plan = await lookUpPlan(read, investment.value);
    return ok({ investment: investment.value, customer, settings, now: new Date(), platformName, plan, history });
  },
  decide: (input, _status, taken = {}) => payOutInvestment({ ...input, overrideReason: taken.overrideReason ?? null }),
  overrides: (input) => payoutOverrides(input),
  approval: (input, _status, id) => payoutNeed(input.settings.approvals, id, input.investment.data.amount, payoutOverrides(input)),
  facts: ({ customer }) => {
    const people = customer.by === 'userId' ? (customer.found ? [customer.found] : []) : customer.by === 'email' ? customer.found : [];
    return { people, customerId: people.length === 1 ? people[0]!.id : null, activation: null };
  }
};

export const payOut = changeStatusWith(payoutRule);
export const payoutPreview = statusPreviewWith(payoutRule);
