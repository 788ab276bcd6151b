import { ReviewListPage } from '../../modules/review-list/ReviewListPage';
import { SaveViewButton } from '../../modules/saved-views/SaveViewButton';
import { depositsList } from './deposits-list';

/** Deposits: the review queue that credits customers (docs/product-rules.md §2, §5.1). */
export function DepositsPage() {
  return <ReviewListPage list={depositsList} actions={<SaveViewButton screen="deposits" what={depositsList.noun.many} />} />;
}
