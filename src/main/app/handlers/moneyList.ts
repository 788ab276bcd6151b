import type { MoneyFilters } from '../../../shared/queries/lists';
import type { MoneyListName } from '../ports/moneyLists';
import type { PageAt } from '../ports/paging';
import { changeStatusWith, type StatusRequest } from '../statusChanges';
import { statusPreviewWith, type PreviewGiven } from '../statusPreviews';
import type { StatusRule } from '../statusRules';
import { statusChangeContext, type HandlerContext, type NamespaceHandlers } from './context';

/**
 * The four methods every money list has (list, counts, preview, setStatus), answered the same way
 * for each; only the list's name and its status rule differ. Inputs arrive validated against the
 * contract, whose moneyList() declares these four with the same shapes.
 */
export function moneyListHandlers<N extends MoneyListName, S extends string, I>(ctx: HandlerContext, name: N, rule: StatusRule<S, I>): NamespaceHandlers<N> {
  const setStatus = changeStatusWith(rule);
  const preview = statusPreviewWith(rule);
  const handlers = {
    [`${name}.list`]: (query: MoneyFilters & PageAt) => ctx.platform().lists.list(name, query),
    [`${name}.counts`]: (filters: MoneyFilters) => ctx.platform().lists.counts(name, filters),
    [`${name}.preview`]: (input: { id: string; status: S } & PreviewGiven) => preview(ctx.platform(), input.id, input.status, input),
    [`${name}.setStatus`]: (input: StatusRequest<S> & { operationId: string }) => setStatus(statusChangeContext(ctx, `${name}.setStatus`, input), input)
  };
  return handlers as unknown as NamespaceHandlers<N>;
}
