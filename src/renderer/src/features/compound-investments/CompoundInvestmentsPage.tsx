import { InvestmentTabs } from '../../modules/review-list/InvestmentTabs';
import { ReviewListPage } from '../../modules/review-list/ReviewListPage';
import { SaveViewButton } from '../../modules/saved-views/SaveViewButton';
import { compoundInvestmentsList } from './compound-investments-list';

/** All Compound Investments, a tab beside Investments (docs/product-rules.md §2, §5.3). */
export function CompoundInvestmentsPage() {
  return (
    <ReviewListPage
      list={compoundInvestmentsList}
      above={<InvestmentTabs />}
      actions={<SaveViewButton screen="compoundInvestments" what={compoundInvestmentsList.noun.many} />}
    />
  );
}
