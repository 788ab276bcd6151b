import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { MoneyListName } from '../../../../shared/contract';
import { pendingCountsQuery } from '../../lib/pending-counts';
import { moneyLists } from '../../modules/money-list/lists';
import { MoneyListPage } from '../../modules/money-list/MoneyListPage';
import { DUE_TAB, DueInvestments } from './due/DueInvestments';
import { InvestmentTabs } from './InvestmentTabs';

/** Investments and compound investments are two lists of one subject: tabs over both screens. */
const investmentLists: readonly MoneyListName[] = ['investments', 'compoundInvestments'];

function Screen<L extends MoneyListName>({ name }: { name: L }) {
  const due = useQuery({ ...pendingCountsQuery, enabled: name === 'investments' });
  return (
    <MoneyListPage
      list={moneyLists[name]}
      above={investmentLists.includes(name) ? <InvestmentTabs /> : undefined}
      extraTab={name === 'investments' ? { label: 'Due', to: DUE_TAB, count: due.data?.investmentsDue, active: false } : undefined}
    />
  );
}

/** Deposits, Withdrawals, Investments (with its Due tab) and All Compound Investments: each money list as a review screen of its own. */
export function MoneyListsPage({ list }: { list: MoneyListName }) {
  const [params] = useSearchParams();
  if (list === 'investments' && params.get('tab') === 'due') return <DueInvestments />;
  return <Screen name={list} />;
}
