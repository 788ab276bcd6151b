import { withdrawalsList } from '../../modules/money-list/lists/withdrawals';
import { MoneyListPage } from '../../modules/money-list/MoneyListPage';

/** The list's filters, tabs and paging live in the shared MoneyListPage; the list itself is defined once in components/money-list/lists. */
export function WithdrawalsPage() {
  return <MoneyListPage list={withdrawalsList} />;
}
