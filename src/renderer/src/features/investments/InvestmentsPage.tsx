import { investmentsList } from '../../modules/money-list/lists/investments';
import { MoneyListPage } from '../../modules/money-list/MoneyListPage';

/** The list's filters, tabs and paging live in the shared MoneyListPage; the list itself is defined once in components/money-list/lists. */
export function InvestmentsPage() {
  return <MoneyListPage list={investmentsList} />;
}
