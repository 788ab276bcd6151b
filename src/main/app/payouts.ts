import { customerKeyOf, payOutInvestment, PAYOUT_CUSTOMER_LIMIT, type CustomerLookup, type PayoutInput } from '../../shared/domain/payouts';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../../shared/domain/platformSettings';
import { ok } from '../../shared/result';
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
 * moves), committed in one transaction with its audit entry and its e-mail.
 */
export const payoutRule: StatusRule<'completed', PayoutInput> = {
  async gather(read, id, _status, platformName) {
    const investment = await required(read, `investments/${id}`, 'Investment not found.');
    if (!investment.ok) return investment;
    const settings = readPlatformSettings((await read.get(PLATFORM_SETTINGS_PATH))?.data ?? null);
    const customer = await lookUpCustomer(read, customerKeyOf(investment.value));
    return ok({ investment: investment.value, customer, settings, now: new Date(), platformName });
  },
  decide: payOutInvestment,
  facts: ({ customer }) => {
    const people = customer.by === 'userId' ? (customer.found ? [customer.found] : []) : customer.by === 'email' ? customer.found : [];
    return { people, customerId: people.length === 1 ? people[0]!.id : null, activation: null };
  }
};

export const payOut = changeStatusWith(payoutRule);
export const payoutPreview = statusPreviewWith(payoutRule);
