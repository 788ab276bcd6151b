import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { Page } from '@shared/contract';
import { Card } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { QueryErrorState } from '../QueryErrorState';
import { DataTable, type RowDecoration, type SelectableRows } from './DataTable';
import type { ColumnLayoutControl } from './column-layout';
import type { RowKeys } from './use-row-keyboard';
import { PagedFooter, type Noun, type PageSizeChoice } from './PagedFooter';

export interface PagedTableProps<T extends { id: string }> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  columns: ColumnDef<T>[];
  /** Names the table for screen readers, e.g. "Deposits". */
  caption: string;
  noun: Noun;
  /** The field the server sorts by, for the note about records that lack it. */
  sortField: string;
  empty: { icon: LucideIcon; title: string; description?: string };
  /**
   * Title of the error state when the first page cannot be loaded. Without it the list says plainly
   * that it failed to load its records (e.g. "Failed to load the runs.") and to check the connection.
   */
  errorTitle?: string;
  /** What the error state says under its title; the failure's own message unless given (or the title is the plain one). */
  errorHint?: string;
  /** The Load More button's text. */
  loadMoreLabel?: string;
  /** Replaces the empty state built from `empty` (a filtered list says which filter hid everything). */
  emptyState?: ReactNode;
  /** A row to mark and scroll into view. */
  highlightedRowId?: string | null;
  /** Shown in the card above the table (the note about a record opened by id). */
  above?: ReactNode;
  selection?: SelectableRows<T>;
  keys?: RowKeys<T>;
  decorate?: (rowId: string) => RowDecoration | undefined;
  /** Rows per page, where the administrator chooses it (shown beside Load More). */
  pageSize?: PageSizeChoice;
  /** The columns as the administrator arranged them (the screen's Columns button changes them). */
  layout?: ColumnLayoutControl;
}

/** The error state of a list that names no failure of its own. */
const plainFailure = (noun: Noun) => ({ title: `Failed to load the ${noun.many}.`, hint: 'Check the connection to the platform, then try again.' });

/** A server-paged list in a card: skeletons, empty and error states, the count and Load More. */
export function PagedTable<T extends { id: string }>(props: PagedTableProps<T>) {
  const {
    query,
    columns,
    caption,
    noun,
    sortField,
    empty,
    errorTitle,
    errorHint,
    loadMoreLabel,
    emptyState,
    highlightedRowId,
    above,
    selection,
    keys,
    decorate,
    pageSize,
    layout
  } = props;
  const pages = query.data?.pages;
  const first = pages?.[0];
  const rows = useMemo(() => pages?.flatMap((page) => page.rows), [pages]);

  if (query.isError && !pages) {
    const failure = errorTitle === undefined ? plainFailure(noun) : { title: errorTitle, hint: undefined };
    return (
      <Card>
        {above}
        <QueryErrorState query={query} title={failure.title} message={errorHint ?? failure.hint} />
      </Card>
    );
  }

  return (
    <Card className="overflow-hidden">
      {above}
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        highlightedRowId={highlightedRowId}
        selection={selection}
        keys={keys}
        decorate={decorate}
        layout={layout}
        empty={emptyState ?? <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />}
      />
      {rows && first && (rows.length > 0 || (first.unlisted ?? 0) > 0) && (
        <PagedFooter
          shown={rows.length}
          total={first.total}
          unlisted={first.unlisted}
          noun={noun}
          sortField={sortField}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onLoadMore={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage();
          }}
          loadMoreLabel={loadMoreLabel}
          pageSize={pageSize}
        />
      )}
    </Card>
  );
}
