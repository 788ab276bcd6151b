import { useMemo, useState } from 'react';
import { useRowSelection } from '../../../components/data-table/selection';
import { PagedTable, type PagedTableProps } from '../../../components/data-table/PagedTable';
import { MoneyListKeysProvider, useMoneyListKeys } from '../keyboard/use-money-list-keys';
import type { MoneyList } from '../definition';
import { rowWho, type MoneyRow } from '../status-change';
import { BulkBar } from './BulkBar';
import { BulkDialog } from './BulkDialog';

interface MoneyTableProps<T extends MoneyRow> extends Omit<PagedTableProps<T>, 'columns' | 'selection' | 'keys'> {
  list: MoneyList<T>;
  /** The filters, in one string: a selection made under other filters is dropped. */
  resetKey: string;
}

function Table<T extends MoneyRow>({ list, resetKey, above, ...table }: MoneyTableProps<T>) {
  const pages = table.query.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.rows) ?? [], [pages]);
  const selection = useRowSelection(
    rows.map((row) => row.id),
    resetKey
  );
  const keys = useMoneyListKeys(list);
  // The records and the status are fixed when the bulk change opens: a refresh while it runs must not change what it acts on.
  const [bulk, setBulk] = useState<{ status: string; rows: T[] } | null>(null);
  const chosen = rows.filter((row) => selection.selected.has(row.id));

  return (
    <>
      <PagedTable
        {...table}
        columns={list.tableColumns}
        selection={{ state: selection, rowLabel: (row) => `${list.noun.one} from ${rowWho(row)}` }}
        keys={keys}
        above={
          chosen.length > 0 || above ? (
            <>
              {chosen.length > 0 && (
                <BulkBar
                  count={chosen.length}
                  statuses={list.change.statuses}
                  onSet={(status) => setBulk({ status, rows: chosen })}
                  onClear={selection.clear}
                />
              )}
              {above}
            </>
          ) : undefined
        }
      />
      {bulk && (
        <BulkDialog
          rows={bulk.rows}
          status={bulk.status}
          change={list.change}
          noun={list.noun}
          onClose={(ran) => {
            setBulk(null);
            if (ran) selection.clear();
          }}
        />
      )}
    </>
  );
}

/** A money list's table with selectable rows, a bulk bar over them, and keys on the focused row. */
export function MoneyTable<T extends MoneyRow>(props: MoneyTableProps<T>) {
  return (
    <MoneyListKeysProvider>
      <Table {...props} />
    </MoneyListKeysProvider>
  );
}
