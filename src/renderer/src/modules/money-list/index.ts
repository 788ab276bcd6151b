/**
 * The four money lists as one component, for their own screens and for a customer's page:
 *
 *   <MoneyListPage list={depositsList} embedded fixedUser={{ userId: profile.id, email: profile.email }} />
 */
export { MoneyListPage, type FixedUser } from './MoneyListPage';
export { depositsList } from './lists/deposits';
export { withdrawalsList } from './lists/withdrawals';
export { investmentsList } from './lists/investments';
export { compoundInvestmentsList } from './lists/compound-investments';
