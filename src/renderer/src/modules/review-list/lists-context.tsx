import { createContext, useContext, type ReactNode } from 'react';
import type { MoneyListName } from '@shared/contract';
import type { MoneyRowOf, MoneyStatusOf } from './contract-source';
import type { ReviewList } from './definition';

/** The four review lists by name. Each is defined in its feature (features/deposits/deposits-list.tsx, ...). */
export type ReviewLists = { [L in MoneyListName]: ReviewList<MoneyRowOf<L>, MoneyStatusOf<L>, `${L}.setStatus`> };

const Lists = createContext<ReviewLists | null>(null);

/**
 * Hands the lists to what shows a list without being its screen: a customer's page (a tab per list)
 * and the saved views (their counts). A module or a feature may not import another feature, so the
 * app, which may, provides them (app/review-lists.ts).
 */
export function ReviewListsProvider({ lists, children }: { lists: ReviewLists; children: ReactNode }) {
  return <Lists.Provider value={lists}>{children}</Lists.Provider>;
}

export function useReviewLists(): ReviewLists {
  const lists = useContext(Lists);
  if (!lists) throw new Error('useReviewLists needs a ReviewListsProvider (the admin layout gives one).');
  return lists;
}
