import type { MoneyListName } from '../../../../shared/contract';
import { moneyLists } from '../../modules/money-list/lists';
import { MoneyListPage } from '../../modules/money-list/MoneyListPage';
import { InvestmentTabs } from './InvestmentTabs';

/** Investments and compound investments are two lists of one subject: tabs over both screens. */
const investmentLists: readonly MoneyListName[] = ['investments', 'compoundInvestments'];

function Screen<L extends MoneyListName>({ name }: { name: L }) {
  return <MoneyListPage list={moneyLists[name]} above={investmentLists.includes(name) ? <InvestmentTabs /> : undefined} />;
}

/** Deposits, Withdrawals, Investments and All Compound Investments: each money list as a review screen of its own. */
export function MoneyListsPage({ list }: { list: MoneyListName }) {
  return <Screen name={list} />;
}
