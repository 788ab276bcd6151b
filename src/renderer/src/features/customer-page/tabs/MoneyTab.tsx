import type { UserProfile } from '../../../../../shared/contract';
import { MoneyListPage, type FixedCustomer } from '../../../modules/money-list';
import { moneyLists, type MoneyListName } from '../api/customer';

/**
 * One money list of this customer: the main screen's list with the customer fixed, so its status
 * tabs, dates, order, paging and Export CSV work here too (their filters share the page's URL).
 */
export function MoneyTab({ list, profile }: { list: MoneyListName; profile: UserProfile }) {
  const fixed: FixedCustomer = { userId: profile.id, email: profile.email };
  switch (list) {
    case 'deposits':
      return <MoneyListPage list={moneyLists.deposits} embedded fixedCustomer={fixed} />;
    case 'withdrawals':
      return <MoneyListPage list={moneyLists.withdrawals} embedded fixedCustomer={fixed} />;
    case 'investments':
      return <MoneyListPage list={moneyLists.investments} embedded fixedCustomer={fixed} />;
    case 'compoundInvestments':
      return <MoneyListPage list={moneyLists.compoundInvestments} embedded fixedCustomer={fixed} />;
  }
}
