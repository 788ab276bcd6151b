import { getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { BodyCells, SkeletonRows, TableHead } from './TableParts';
import { VirtualRows } from './VirtualRows';

interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden caption). */
  caption: string;
  columns: ColumnDef<T>[];
  /** Undefined while the first page loads: skeleton rows keep the table's shape. */
  rows: T[] | undefined;
  getRowId: (row: T) => string;
  /** Shown in place of the body when there are no rows. */
  empty: ReactNode;
  /** A row to mark and scroll into view (a record opened by id). */
  highlightedRowId?: string | null;
}

/** Past this many rows only the rows in view are rendered (TanStack Virtual). */
const VIRTUALIZE_AFTER = 60;

const cellBase = 'px-3 first:pl-5 last:pr-5';

/** A real <table> with <th> headers, loading skeletons and an empty state. */
export function DataTable<T>({ caption, columns, rows, getRowId, empty, highlightedRowId }: DataTableProps<T>) {
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel()
  });
  const loading = rows === undefined;
  const bodyRows = table.getRowModel().rows;
  const columnCount = columns.length;
  const highlightedRef = useRef<HTMLTableRowElement | null>(null);
  const highlightShown = !loading && bodyRows.some((row) => row.id === highlightedRowId);

  // Once, when the highlighted row first appears: the administrator opened this record.
  useEffect(() => {
    if (highlightShown) highlightedRef.current?.scrollIntoView({ block: 'center' });
  }, [highlightShown, highlightedRowId]);

  const renderRow = (row: Row<T>, ref?: (el: HTMLTableRowElement | null) => void, index?: number) => {
    const highlighted = row.id === highlightedRowId;
    return (
      <tr
        key={row.id}
        ref={(el) => {
          ref?.(el);
          if (highlighted) highlightedRef.current = el;
        }}
        data-index={index}
        data-highlighted={highlighted || undefined}
        aria-current={highlighted ? 'true' : undefined}
        className={cn(
          'transition-colors',
          highlighted ? 'bg-amber-50 shadow-[inset_3px_0_0_var(--color-amber-400)] hover:bg-amber-50' : 'hover:bg-slate-50/70'
        )}
      >
        <BodyCells row={row} cellClassName={cn(cellBase, 'py-3 align-middle')} />
      </tr>
    );
  };

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <TableHead table={table} cellClassName={cellBase} className="border-b border-slate-200 bg-slate-50/80" />
        <tbody className="divide-y divide-slate-100">
          {loading ? (
            <SkeletonRows table={table} count={10} cellClassName={cn(cellBase, 'py-3.5')} />
          ) : bodyRows.length === 0 ? (
            <tr>
              <td colSpan={columnCount}>{empty}</td>
            </tr>
          ) : bodyRows.length > VIRTUALIZE_AFTER ? (
            <VirtualRows rows={bodyRows} columnCount={columnCount} renderRow={renderRow} />
          ) : (
            bodyRows.map((row) => renderRow(row))
          )}
        </tbody>
      </table>
    </div>
  );
}
