import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { MoneyListName, StatusCounts } from '../../../../shared/contract';
import type { ExportColumn } from '../../../../shared/export/csv';
import { lists, type ListDefinition } from '../../../../shared/queries/lists';
import type { Noun } from '../../components/data-table/PagedFooter';
import type { PageFetcher } from '../../components/data-table/paged-query';
import { call } from '../../lib/api';
import { listKeys } from '../../lib/query-keys';
import type { CountsInput, ListInput, MoneySource } from './contract-source';
import { bindStatusChange, statusChangeColumn, type BoundStatusChange, type ReviewRow, type StatusChange } from './status-change';
import type { ReviewListQuery } from './view';

export type { ReviewRow } from './status-change';

/** One money list (deposits, withdrawals, investments, compound investments), as lists/ defines it. */
export interface ReviewListDefinition<T extends ReviewRow, S extends string> {
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
  status: StatusChange<T, S>;
  /** The table's columns; `changeStatus` is the status column, placed where the list shows it. */
  columns: (changeStatus: ColumnDef<T>) => ColumnDef<T>[];
  /** What Enter on a row opens: the row's own details (a withdrawal's facts), or the user's page at this record (the default). */
  opens?: 'details' | 'user';
}

/** What ReviewListPage shows: a definition made ready by defineReviewList. */
export interface ReviewList<T extends ReviewRow> extends Pick<ReviewListDefinition<T, string>, 'title' | 'description' | 'noun' | 'sortField' | 'empty'> {
  definition: ListDefinition;
  /** The statuses of the tabs, in the order the screens list them. */
  statuses: readonly string[];
  keys: ReturnType<typeof listKeys>;
  loadFailed: string;
  tableColumns: ColumnDef<T>[];
  /** The page fetcher of one view (the screen's pages and Export CSV's 500-row pages). */
  fetcher: (input: ReviewListQuery) => PageFetcher<T>;
  counts: (input: CountsInput) => Promise<StatusCounts>;
  exportColumns: ExportColumn<T>[];
  /** "compound investments" -> compound-investments-… .csv */
  fileBaseName: string;
  /** "Couldn't load deposits": the error state when the first page cannot be loaded. */
  errorTitle: string;
  /** The status change, for the keys on a row and bulk changes. */
  change: BoundStatusChange<T>;
  opens: 'details' | 'user';
  /** The list's name in src/shared/queries/lists.ts (the user page's tab of the same records). */
  name: MoneyListName;
}

/** A definition made ready for ReviewListPage: its keys, fetchers, columns and wording, built once. */
export function defineReviewList<T extends ReviewRow, S extends string>(definition: ReviewListDefinition<T, S>): ReviewList<T> {
  const { name, root, noun, status, columns, source, loadFailed = `Failed to load ${noun.many}.`, opens = 'user', ...shown } = definition;
  const keys = listKeys(root);
  const change = bindStatusChange(noun.one, keys.list(), root, status);
  const statusColumn = statusChangeColumn(noun.one, root, change, status.lock !== undefined, status.column ?? { id: 'changeStatus', header: 'Change Status' });
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
      // The status comes from the URL, checked against `statuses` (viewFromSearch), so it is one of S.
      const request = filters as ListInput<S>;
      return call(() =>
        source.list({
          ...request,
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
