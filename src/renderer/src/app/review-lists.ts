import { compoundInvestmentsList } from '../features/compound-investments/compound-investments-list';
import { depositsList } from '../features/deposits/deposits-list';
import { investmentsList } from '../features/investments/investments-list';
import { withdrawalsList } from '../features/withdrawals/withdrawals-list';
import type { ReviewLists } from '../modules/review-list/lists-context';

/** The four review lists by name, each from its feature, for a customer's page and the saved views (the admin layout provides them). */
export const reviewLists: ReviewLists = {
  deposits: depositsList,
  withdrawals: withdrawalsList,
  investments: investmentsList,
  compoundInvestments: compoundInvestmentsList
};
