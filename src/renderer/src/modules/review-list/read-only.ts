import type { DecisionMethod } from '../status/status-change';
import type { ReviewRow, TableList } from './definition';

/**
 * A money list as a role that may not decide sees it (src/shared/domain/roles.ts: decide): no
 * Change Status or Pay out column, no statuses to set, so no row boxes, no bulk bar and no status
 * keys either. The records, filters, counts and Export CSV stay.
 */
export function readOnlyList<T extends ReviewRow, S extends string, M extends DecisionMethod>(
  list: TableList<T, S, M>,
  mayDecide: boolean
): TableList<T, S, M> {
  if (mayDecide) return list;
  return { ...list, tableColumns: list.tableColumns.filter((column) => column.meta?.changes !== true), change: { ...list.change, statuses: [] } };
}
