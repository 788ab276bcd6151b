import { depositsList } from '../../components/money-list/lists/deposits';
import { MoneyListPage } from '../../components/money-list/MoneyListPage';

/** The list's filters, tabs and paging live in the shared MoneyListPage; the list itself is defined once in components/money-list/lists. */
export function DepositsPage() {
  return <MoneyListPage list={depositsList} />;
}
