import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Page } from '../../../../shared/contract';
import type { ExportColumn } from '../../../../shared/export/csv';
import { ExportCsvButton } from '../export/ExportCsvButton';
import type { PageFetcher } from '../export/use-csv-export';
import { RefreshButton } from '../RefreshButton';
import { PageHeader } from '../ui/PageHeader';
import type { Noun } from './PagedFooter';
import { PagedTable } from './PagedTable';

export interface MoneyListPageProps<T extends { id: string }> {
  title: string;
  description: string;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  columns: ColumnDef<T>[];
  noun: Noun;
  /** The field the server sorts by, newest first. */
  sortField: string;
  empty: { icon: LucideIcon; title: string; description?: string };
  errorTitle: string;
  /** Export CSV: every record of the list, page by page. */
  exportAll: { fetchPage: PageFetcher<T>; columns: ExportColumn<T>[]; fileBaseName: string };
  /** Between the header and the table, e.g. the Investments / Compound tabs. */
  children?: ReactNode;
}

/** Deposits, withdrawals and both kinds of investments: one header, Export CSV, Refresh, a paged table. */
export function MoneyListPage<T extends { id: string }>(props: MoneyListPageProps<T>) {
  const { title, description, query, columns, noun, sortField, empty, errorTitle, exportAll, children } = props;
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            <ExportCsvButton {...exportAll} noun={noun.many} />
            <RefreshButton query={query} />
          </>
        }
      />
      {children}
      <PagedTable
        query={query}
        columns={columns}
        caption={`${noun.many[0]!.toUpperCase()}${noun.many.slice(1)}, newest first`}
        noun={noun}
        sortField={sortField}
        empty={empty}
        errorTitle={errorTitle}
      />
    </div>
  );
}
