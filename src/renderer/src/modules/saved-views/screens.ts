import type { ViewScreen } from '../../../../shared/contract';

/** Where each screen a view can be saved on lives, and what its views are of. */
export const viewScreenPaths: Record<ViewScreen, string> = {
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  investments: '/investments',
  compoundInvestments: '/cmdinvestments',
  users: '/users'
};

/** A view's link: its screen with its filters and order. */
export const viewLink = (view: { screen: ViewScreen; search: string }) => `${viewScreenPaths[view.screen]}${view.search ? `?${view.search}` : ''}`;

/** What a view keeps of an address: its filters and order, never the record opened by id (focus) or a screen's tab. */
export function viewSearchOf(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const transient of ['focus', 'tab', 'token', 'launch']) kept.delete(transient);
  return kept.toString();
}
