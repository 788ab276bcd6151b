import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import '../../../components/data-table/column';
import { Skeleton } from '../../../components/ui/Skeleton';
import { cn } from '../../../lib/cn';
import type { ListedUser } from '../columns';

/** Every row is exactly this tall (cells never wrap), so the virtualizer needs no measuring. */
export const ROW_HEIGHT = 56;
/** The first page (100) renders in full; past it only the rows near the viewport are in the DOM. */
const VIRTUALIZE_AFTER = 100;

const cellBase = 'px-2.5 first:pl-5 last:pr-5';
const alignClass = (align: 'left' | 'right' | undefined) => (align === 'right' ? 'text-right' : 'text-left');

interface UsersTableProps {
  caption: string;
  columns: ColumnDef<ListedUser>[];
  /** Undefined while the first page loads. */
  rows: ListedUser[] | undefined;
  empty: ReactNode;
}

/**
 * A real <table> with <th> headers whose body is virtualized with spacer rows: 2,000 loaded
 * customers cost the same to scroll as 20.
 */
export function UsersTable({ caption, columns, rows, empty }: UsersTableProps) {
  const table = useReactTable({ data: rows ?? [], columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });
  const bodyRows = table.getRowModel().rows;
  const loading = rows === undefined;

  const renderRow = (row: Row<ListedUser>) => <UserTableRow key={row.id} row={row} />;

  return (
    // Fixed layout: column widths never jump as rows scroll in and out. Where the window is too narrow the
    // table scrolls sideways; where it fits, the header sticks under the top bar instead.
    <div className="overflow-x-auto min-[1392px]:overflow-x-visible">
      <table className="w-full min-w-[68rem] table-fixed text-sm" aria-busy={loading || undefined} aria-rowcount={rows ? rows.length + 1 : undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={cn(
                      cellBase,
                      'h-10 bg-slate-50 shadow-[inset_0_-1px_0_var(--color-slate-200)] text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase',
                      'first:rounded-tl-xl last:rounded-tr-xl min-[1392px]:sticky min-[1392px]:top-16 min-[1392px]:z-10',
                      alignClass(meta?.align),
                      meta?.className
                    )}
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        {/* Row lines are inset shadows, not borders: they take no height, so every row is exactly ROW_HEIGHT. */}
        <tbody className="[&>tr:not(:last-child)>td]:shadow-[inset_0_-1px_0_var(--color-slate-100)]">
          {loading ? (
            Array.from({ length: 10 }, (_, i) => (
              <tr key={i} style={{ height: ROW_HEIGHT }}>
                {table.getVisibleLeafColumns().map((col) => (
                  <td key={col.id} className={cn(cellBase, col.columnDef.meta?.className)}>
                    <Skeleton
                      className={cn('h-4', col.columnDef.meta?.skeleton ?? 'w-24', col.columnDef.meta?.align === 'right' && 'ml-auto')}
                    />
                  </td>
                ))}
              </tr>
            ))
          ) : bodyRows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : bodyRows.length > VIRTUALIZE_AFTER ? (
            <VirtualBody rows={bodyRows} columnCount={columns.length} renderRow={renderRow} />
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
const UserTableRow = memo(function UserTableRow({ row }: { row: Row<ListedUser> }) {
  return (
    <tr
      aria-rowindex={row.index + 2}
      style={{ height: ROW_HEIGHT }}
      className={cn('transition-colors hover:bg-slate-50/70', row.original.foundBySearch && 'bg-indigo-50/40')}
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        return (
          <td key={cell.id} className={cn(cellBase, 'py-0 align-middle whitespace-nowrap', alignClass(meta?.align), meta?.className)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
});

interface VirtualBodyProps {
  rows: Row<ListedUser>[];
  columnCount: number;
  renderRow: (row: Row<ListedUser>) => ReactNode;
}

/** The window scrolls (not the table): spacer rows above and below keep the scrollbar honest. */
function VirtualBody({ rows, columnCount, renderRow }: VirtualBodyProps) {
  const anchorRef = useRef<HTMLTableRowElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the body starts on the page. Content above the table (a notice, the search summary) can
  // move it, and that changes the page's height, so the body's size is watched rather than measuring
  // on every scroll frame (which would force a layout each time).
  useLayoutEffect(() => {
    const measure = () => {
      const anchor = anchorRef.current;
      if (anchor) setScrollMargin(Math.round(anchor.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => rows[index]?.id ?? index
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0]!.start - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;

  return (
    <>
      <tr ref={anchorRef} aria-hidden style={{ height: before }}>
        <td colSpan={columnCount} className="p-0 shadow-none!" />
      </tr>
      {items.map((item) => renderRow(rows[item.index]!))}
      <tr aria-hidden style={{ height: Math.max(0, after) }}>
        <td colSpan={columnCount} className="p-0 shadow-none!" />
      </tr>
    </>
  );
}
