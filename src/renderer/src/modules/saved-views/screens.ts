/** A view's link: its screen (its address from the route table) with its filters and order; the dashboard when the screen is not known. */
export const viewLink = (screenPath: string | undefined, view: { search: string }) => `${screenPath ?? '/'}${view.search ? `?${view.search}` : ''}`;

/** What a view keeps of an address: its filters and order, never the record opened by id (focus) or a screen's tab. */
export function viewSearchOf(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const transient of ['focus', 'tab', 'token', 'launch']) kept.delete(transient);
  return kept.toString();
}
