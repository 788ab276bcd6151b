import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { pendingCountsQuery } from '../../lib/pending-counts';
import { InvestmentTabs } from '../../modules/review-list/InvestmentTabs';
import { ReviewListPage } from '../../modules/review-list/ReviewListPage';
import { SaveViewButton } from '../../modules/saved-views/SaveViewButton';
import { DUE_TAB, DueInvestments } from './due/DueInvestments';
import { investmentsList } from './investments-list';

/** The investments list, with the Due tab beside its status tabs counting the matured ones. */
function InvestmentsList() {
  const due = useQuery(pendingCountsQuery);
  return (
    <ReviewListPage
      list={investmentsList}
      above={<InvestmentTabs />}
      extraTab={{ label: 'Due', to: DUE_TAB, count: due.data?.investmentsDue, active: false }}
      actions={<SaveViewButton screen="investments" what={investmentsList.noun.many} />}
    />
  );
}

/** Investments (docs/product-rules.md §2, §5.3), and on its Due tab (`?tab=due`) the matured ones to pay out (§5.7). */
export function InvestmentsPage() {
  const [params] = useSearchParams();
  if (params.get('tab') === 'due') return <DueInvestments />;
  return <InvestmentsList />;
}
