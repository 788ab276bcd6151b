import type { MoneyListName, CustomerProfile } from '@shared/contract';
import { useReviewLists } from '../../../modules/review-list/lists-context';
import { ReviewListPage } from '../../../modules/review-list/ReviewListPage';

/**
 * One money list of this user: the main screen's list with the user fixed, so its status tabs,
 * dates, order, paging and Export CSV work here too (their filters share the page's URL).
 */
export function MoneyTab<L extends MoneyListName>({ list, profile }: { list: L; profile: CustomerProfile }) {
  const lists = useReviewLists();
  return <ReviewListPage list={lists[list]} embedded fixedUser={{ userId: profile.id, email: profile.email }} />;
}
