import type { MoneyListName } from '../../../../../shared/contract';
import type { MoneyRowOf } from '../contract-source';
import type { MoneyList } from '../definition';
import { compoundInvestmentsList } from './compound-investments';
import { depositsList } from './deposits';
import { investmentsList } from './investments';
import { withdrawalsList } from './withdrawals';

/** The four money lists by name, for their own screens and a user's page alike. */
export const moneyLists: { [L in MoneyListName]: MoneyList<MoneyRowOf<L>> } = {
  deposits: depositsList,
  withdrawals: withdrawalsList,
  investments: investmentsList,
  compoundInvestments: compoundInvestmentsList
};
