import type { MoneyListName, UserProfile } from '../../../../../shared/contract';
import { moneyLists } from '../../../modules/money-list/lists';
import { MoneyListPage } from '../../../modules/money-list/MoneyListPage';

/**
 * One money list of this user: the main screen's list with the user fixed, so its status tabs,
 * dates, order, paging and Export CSV work here too (their filters share the page's URL).
 */
export function MoneyTab<L extends MoneyListName>({ list, profile }: { list: L; profile: UserProfile }) {
  return <MoneyListPage list={moneyLists[list]} embedded fixedUser={{ userId: profile.id, email: profile.email }} />;
}
