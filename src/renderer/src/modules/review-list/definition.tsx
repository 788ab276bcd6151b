import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { MoneyListName, StatusCounts } from '@shared/contract';
import type { ExportColumn } from '@shared/export/csv';
import { lists, type ListDefinition } from '@shared/queries/lists';
import type { Noun } from '../../components/data-table/PagedFooter';
import type { PageFetcher } from '../../components/data-table/paged-query';
import { call } from '../../lib/api';
import { listKeys } from '../../lib/query-keys';
import type { CountsInput, MoneySource } from './contract-source';
import type { DecisionMethod, StatusChange } from '../status/status-change';
import { listStatusChange, statusChangeColumn, type ListStatusChange, type ReviewRow } from './status-change';
import type { ReviewListQuery } from './view';

export type { ReviewRow } from './status-change';

/**
 * One review list (deposits, withdrawals, investments, compound investments), as its feature defines
 * it: `T` its row, `S` its statuses, `M` the contract method its decisions are saved with.
 */
export interface ReviewListDefinition<T extends ReviewRow, S extends string, M extends DecisionMethod> {
  /** Its description in src/shared/queries/lists.ts: filters, the date it sorts by, the orders it allows. */
  name: MoneyListName;
  /** Where its rows come from: the contract's methods of the same name (moneySource), or a test's own. */
  source: MoneySource<T, S>;
  /** Its cache root in lib/query-keys.ts, e.g. rootKeys.deposits. */
  root: QueryKey;
  title: string;
  description: string;
  noun: Noun;
  /** The date the list sorts by, in words, for the note about records that lack it: "timestamp". */
  sortField: string;
  empty: { icon: LucideIcon; title: string; description?: string };
  /** The toast when a page cannot be loaded: "Failed to load deposits." unless the list words it otherwise. */
  loadFailed?: string;
  status: ListStatusChange<T, S, M>;
  /** The table's columns; `changeStatus` is the status column, placed where the list shows it. */
  columns: (changeStatus: ColumnDef<T>) => ColumnDef<T>[];
  /** What Enter on a row opens: the row's own details (a withdrawal's facts), or the user's page at this record (the default). */
  opens?: 'details' | 'user';
}

/** What ReviewListPage shows: a definition made ready by defineReviewList. */
export interface ReviewList<T extends ReviewRow, S extends string, M extends DecisionMethod> extends Pick<
  ReviewListDefinition<T, S, M>,
  'title' | 'description' | 'noun' | 'sortField' | 'empty'
> {
  definition: ListDefinition;
  /** The statuses of the tabs, in the order the screens list them. */
  statuses: readonly S[];
  keys: ReturnType<typeof listKeys>;
  loadFailed: string;
  tableColumns: ColumnDef<T>[];
  /** The page fetcher of one view (the screen's pages and Export CSV's 500-row pages). */
  fetcher: (input: ReviewListQuery<S>) => PageFetcher<T>;
  counts: (input: CountsInput) => Promise<StatusCounts>;
  exportColumns: ExportColumn<T>[];
  /** "compound investments" -> compound-investments-… .csv */
  fileBaseName: string;
  /** "Couldn't load deposits": the error state when the first page cannot be loaded. */
  errorTitle: string;
  /** The status change: the Change Status column, the keys on a row and bulk changes all decide through it. */
  change: StatusChange<T, S, M>;
  opens: 'details' | 'user';
  /** The list's name in src/shared/queries/lists.ts (the user page's tab of the same records). */
  name: MoneyListName;
}

/** What a table of the list's rows needs of it: its columns, its noun, its status change, what Enter opens and its name (the Due tab gives its own). */
export type TableList<T extends ReviewRow, S extends string, M extends DecisionMethod> = Pick<
  ReviewList<T, S, M>,
  'tableColumns' | 'noun' | 'change' | 'opens' | 'name'
>;

/** What the keys on a row need of the list. */
export type KeyedList<T extends ReviewRow, S extends string, M extends DecisionMethod> = Pick<ReviewList<T, S, M>, 'noun' | 'change' | 'opens' | 'name'>;

/** A definition made ready for ReviewListPage: its keys, fetchers, columns and wording, built once. */
export function defineReviewList<T extends ReviewRow, S extends string, M extends DecisionMethod>(
  definition: ReviewListDefinition<T, S, M>
): ReviewList<T, S, M> {
  const { name, root, noun, status, columns, source, loadFailed = `Failed to load ${noun.many}.`, opens = 'user', ...shown } = definition;
  const keys = listKeys(root);
  const change = listStatusChange(noun.one, { list: keys.list(), root }, status);
  const statusColumn = statusChangeColumn(noun.one, change, status.column ?? { id: 'changeStatus', header: 'Change Status' });
  return {
    ...shown,
    noun,
    definition: lists[name],
    statuses: status.statuses,
    keys,
    loadFailed,
    tableColumns: columns(statusColumn),
    change,
    opens,
    name,
    fetcher: (input) => (cursor, pageSize) => {
      const { focus, ...filters } = input;
      return call(() =>
        source.list({
          ...filters,
          // A cursor already places the page; the focused record places only the first one.
          ...(cursor ? { cursor } : focus ? { focus } : {}),
          ...(pageSize ? { pageSize } : {})
        })
      );
    },
    counts: (input) => call(() => source.counts(input)),
    exportColumns: source.exportColumns,
    fileBaseName: noun.many.replaceAll(' ', '-'),
    errorTitle: `Couldn't load ${noun.many}`
  };
}
