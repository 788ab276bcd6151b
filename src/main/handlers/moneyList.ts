import type { StatusChangeInput, StatusPreviewInput } from '../../shared/contract';
import type { MoneyFilters } from '../../shared/queries/lists';
import type { MoneyListName } from '../../core/ports/moneyLists';
import type { PageAt } from '../../core/ports/paging';
import { changeStatusWith } from '../../core/statusChanges';
import { statusPreviewWith } from '../../core/statusPreviews';
import type { StatusRule } from '../../core/statusRules';
import { statusChangeContext, type HandlerContext } from './context';

/** An object's methods under its namespace: { list } in 'deposits' is { 'deposits.list' }. */
type Namespaced<N extends string, T> = { [K in keyof T & string as `${N}.${K}`]: T[K] };
const namespaced = <N extends string, T extends object>(name: N, methods: T): Namespaced<N, T> =>
  Object.fromEntries(Object.entries(methods).map(([method, handler]) => [`${name}.${method}`, handler])) as Namespaced<N, T>;

/**
 * The four methods every money list has (list, counts, preview, setStatus), answered the same way
 * for each; only the list's name and its status rule differ. Their keys are typed by the list's
 * name, so each list's handlers file (NamespaceHandlers<'deposits'>) checks them against the
 * contract, whose moneyList() declares these four with the same shapes.
 */
export function moneyListHandlers<N extends MoneyListName, S extends string, I>(ctx: HandlerContext, name: N, rule: StatusRule<S, I>) {
  const setStatus = changeStatusWith(rule);
  const preview = statusPreviewWith(rule);
  return namespaced(name, {
    list: (query: MoneyFilters & PageAt) => ctx.platform().lists.list(name, query),
    counts: (filters: MoneyFilters) => ctx.platform().lists.counts(name, filters),
    preview: (input: StatusPreviewInput<S>) => preview(ctx.platform(), input.id, input.status, input),
    setStatus: (input: StatusChangeInput<S>) => setStatus(statusChangeContext(ctx, `${name}.setStatus`, input), input)
  });
}
