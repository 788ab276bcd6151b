import { getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import type { ColumnLayoutControl } from '../../../components/data-table/column-layout';
import { BodyCells, SkeletonRows, TableHead } from '../../../components/data-table/TableParts';
import { useTableLayout } from '../../../components/data-table/use-table-layout';
import { VirtualRows } from '../../../components/data-table/VirtualRows';
import { cn } from '../../../lib/cn';
import type { ListedCustomer } from '../search';

/** Every row is exactly this tall (cells never wrap), so the virtualizer needs no measuring: comfortable, or compact to see more customers at once. */
const ROW_HEIGHTS = { comfortable: 56, compact: 40 } as const;
/** The first page (100) renders in full; past it only the rows near the viewport are in the DOM. */
const VIRTUALIZE_AFTER = 100;

const cellBase = 'px-2.5 first:pl-5 last:pr-5';

interface CustomersTableProps {
  caption: string;
  columns: ColumnDef<ListedCustomer>[];
  /** Undefined while the first page loads. */
  rows: ListedCustomer[] | undefined;
  empty: ReactNode;
  /** The columns as the administrator arranged them (the screen's Columns button changes them). */
  layout?: ColumnLayoutControl;
}

/**
 * A real <table> with <th> headers whose body is virtualized with spacer rows: 2,000 loaded
 * customers cost the same to scroll as 20.
 */
export function CustomersTable({ caption, columns, rows, empty, layout }: CustomersTableProps) {
  const { state, widths, density } = useTableLayout(columns, layout);
  const table = useReactTable({ data: rows ?? [], columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel(), state });
  const rowHeight = ROW_HEIGHTS[density];
  const columnCount = table.getVisibleLeafColumns().length;
  const bodyRows = table.getRowModel().rows;
  const loading = rows === undefined;

  const renderRow = (row: Row<ListedCustomer>) => <CustomerTableRow key={row.id} row={row} height={rowHeight} />;

  return (
    // Fixed layout: column widths never jump as rows scroll in and out. Where the window is too narrow the
    // table scrolls sideways; where it fits, the header sticks under the top bar instead.
    <div className="overflow-x-auto min-[1392px]:overflow-x-visible">
      <table
        className="w-full min-w-[68rem] table-fixed text-sm"
        aria-busy={loading || undefined}
        aria-rowcount={rows ? rows.length + 1 : undefined}
        data-density={density}
      >
        <caption className="sr-only">{caption}</caption>
        <TableHead
          table={table}
          cellClassName={cellBase}
          headerClassName={cn(
            'bg-slate-50 shadow-[inset_0_-1px_0_var(--color-slate-200)]',
            'first:rounded-tl-xl last:rounded-tr-xl min-[1392px]:sticky min-[1392px]:top-16 min-[1392px]:z-10'
          )}
          // A fixed table takes each column's width from its header: the cells below follow it.
          widths={widths}
        />
        {/* Row lines are inset shadows, not borders: they take no height, so every row is exactly its density's height. */}
        <tbody className="[&>tr:not(:last-child)>td]:shadow-[inset_0_-1px_0_var(--color-slate-100)]">
          {loading ? (
            <SkeletonRows table={table} count={10} cellClassName={cellBase} rowHeight={rowHeight} />
          ) : bodyRows.length === 0 ? (
            <tr>
              <td colSpan={columnCount}>{empty}</td>
            </tr>
          ) : bodyRows.length > VIRTUALIZE_AFTER ? (
            <VirtualRows rows={bodyRows} columnCount={columnCount} renderRow={renderRow} rowHeight={rowHeight} spacerClassName="p-0 shadow-none!" />
          ) : (
            bodyRows.map(renderRow)
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One row. Memoized on TanStack's row object, which stays the same until the data changes: while
 * scrolling only the rows that come into view render, not every visible one on every frame.
 */
const CustomerTableRow = memo(function CustomerTableRow({ row, height }: { row: Row<ListedCustomer>; height: number }) {
  return (
    <tr
      aria-rowindex={row.index + 2}
      style={{ height }}
      className={cn('transition-colors hover:bg-slate-50/70', row.original.foundBySearch && 'bg-indigo-50/40')}
    >
      <BodyCells row={row} cellClassName={cn(cellBase, 'py-0 align-middle whitespace-nowrap')} />
    </tr>
  );
});
