import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedTable } from '../data-table/PagedTable';
import { ListPageHeader } from '../ListPageHeader';
import type { MoneyList, MoneyRow } from './money-list';

/** Deposits, withdrawals and both kinds of investments: one header, Export CSV, Refresh, a paged table. */
export function MoneyListPage<T extends MoneyRow>({ list }: { list: MoneyList<T> }) {
  const query = useInfiniteQuery(list.query);
  const { noun } = list;
  return (
    <div className="space-y-6">
      <ListPageHeader
        title={list.title}
        description={list.description}
        exportCsv={{ fetchPage: list.fetchPage, columns: list.exportColumns, fileBaseName: list.fileBaseName, noun: noun.many }}
        query={query}
      />
      {list.above}
      <PagedTable
        query={query}
        columns={list.tableColumns}
        caption={`${noun.many[0]!.toUpperCase()}${noun.many.slice(1)}, newest first`}
        noun={noun}
        sortField={list.sortField}
        empty={list.empty}
        errorTitle={list.errorTitle}
      />
    </div>
  );
}
