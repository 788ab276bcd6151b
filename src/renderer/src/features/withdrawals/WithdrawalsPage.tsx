import { withdrawalsList } from '../../components/money-list/lists/withdrawals';
import { MoneyListPage } from '../../components/money-list/MoneyListPage';

/** The list's filters, tabs and paging live in the shared MoneyListPage; the list itself is defined once in components/money-list/lists. */
export function WithdrawalsPage() {
  return <MoneyListPage list={withdrawalsList} />;
}
