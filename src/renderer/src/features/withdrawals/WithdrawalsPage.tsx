import { ReviewListPage } from '../../modules/review-list/ReviewListPage';
import { SaveViewButton } from '../../modules/saved-views/SaveViewButton';
import { withdrawalsList } from './withdrawals-list';

/** Withdrawals: the review queue that pays customers out or refunds them (docs/product-rules.md §2, §5.2). */
export function WithdrawalsPage() {
  return <ReviewListPage list={withdrawalsList} actions={<SaveViewButton screen="withdrawals" what={withdrawalsList.noun.many} />} />;
}
