import type { UserProfile } from '../../../../../shared/contract';
import { MoneyListPage, type FixedUser } from '../../../modules/money-list';
import { moneyLists, type MoneyListName } from '../api/user-page';

/**
 * One money list of this customer: the main screen's list with the customer fixed, so its status
 * tabs, dates, order, paging and Export CSV work here too (their filters share the page's URL).
 */
export function MoneyTab({ list, profile }: { list: MoneyListName; profile: UserProfile }) {
  const fixed: FixedUser = { userId: profile.id, email: profile.email };
  switch (list) {
    case 'deposits':
      return <MoneyListPage list={moneyLists.deposits} embedded fixedUser={fixed} />;
    case 'withdrawals':
      return <MoneyListPage list={moneyLists.withdrawals} embedded fixedUser={fixed} />;
    case 'investments':
      return <MoneyListPage list={moneyLists.investments} embedded fixedUser={fixed} />;
    case 'compoundInvestments':
      return <MoneyListPage list={moneyLists.compoundInvestments} embedded fixedUser={fixed} />;
  }
}
