import { depositsList } from '../../modules/money-list/lists/deposits';
import { MoneyListPage } from '../../modules/money-list/MoneyListPage';

/** The list's filters, tabs and paging live in the shared MoneyListPage; the list itself is defined once in components/money-list/lists. */
export function DepositsPage() {
  return <MoneyListPage list={depositsList} />;
}
