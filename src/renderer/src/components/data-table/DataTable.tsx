import { getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { shownColumnIds, type ColumnLayoutControl } from './column-layout';
import { withSelectBox } from './select-column';
import type { RowSelection } from './selection';
import { BodyCells, SkeletonRows, TableHead } from './TableParts';
import { useTableLayout } from './use-table-layout';
import { useRowKeyboard, type RowKeys } from './use-row-keyboard';
import { VirtualRows } from './VirtualRows';

/** How a row is marked for a while (live work: one that just arrived, one leaving the filters). */
export interface RowDecoration {
  className?: string;
  /** A short note on the row, e.g. why it is leaving. */
  note?: ReactNode;
}

/** Rows that can be selected: a checkbox leading each row, named after it, and one for the page. */
export interface SelectableRows<T> {
  state: RowSelection;
  rowLabel: (row: T) => string;
}

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
  selection?: SelectableRows<T>;
  /** Rows reachable by keyboard (one tab stop, arrows and j/k) and the keys that act on them. */
  keys?: RowKeys<T>;
  decorate?: (rowId: string) => RowDecoration | undefined;
  /** The columns as the administrator arranged them (shown, order, widths, density); every column, in its own order, without it. */
  layout?: ColumnLayoutControl;
}

/** One empty array while rows load: a new [] each render is new data to TanStack Table, whose page-index reset then re-renders forever. */
const NO_ROWS: never[] = [];

/** Past this many rows only the rows in view are rendered (TanStack Virtual). */
const VIRTUALIZE_AFTER = 60;

const cellBase = 'px-3 first:pl-5 last:pr-5';

/** Row padding: comfortable for reading, compact to see more rows at once. */
const rowPadding = { comfortable: 'py-3', compact: 'py-1.5' } as const;
const skeletonPadding = { comfortable: 'py-3.5', compact: 'py-2' } as const;

/** A real <table> with <th> headers, loading skeletons and an empty state. */
export function DataTable<T>({ caption, columns, rows, getRowId, empty, highlightedRowId, selection, keys, decorate, layout }: DataTableProps<T>) {
  const { arranged, state, widths, density } = useTableLayout(columns, layout);
  // The selection's checkbox leads the first column shown, wherever the administrator moved the list's own first column.
  const leading = useMemo(() => shownColumnIds(columns, arranged)[0], [columns, arranged]);
  const shown = useMemo(
    () => (selection ? columns.map((column) => (column.id === leading ? withSelectBox(column, selection.state, selection.rowLabel) : column)) : columns),
    [selection, columns, leading]
  );
  const table = useReactTable({
    data: rows ?? NO_ROWS,
    columns: shown,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    state
  });
  const loading = rows === undefined;
  const bodyRows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const keyboard = useRowKeyboard(loading ? [] : bodyRows, selection?.state, keys);
  const highlightedRef = useRef<HTMLTableRowElement | null>(null);
  const highlightShown = !loading && bodyRows.some((row) => row.id === highlightedRowId);

  // Once, when the highlighted row first appears: the administrator opened this record.
  useEffect(() => {
    if (highlightShown) highlightedRef.current?.scrollIntoView({ block: 'center' });
  }, [highlightShown, highlightedRowId]);

  const renderRow = (row: Row<T>, ref?: (el: HTMLTableRowElement | null) => void, index?: number) => {
    const highlighted = row.id === highlightedRowId;
    const selected = selection?.state.selected.has(row.id) ?? false;
    const decoration = decorate?.(row.id);
    const { ref: keyboardRef, ...keyboardProps } = keyboard.rowProps(row);
    return (
      <tr
        key={row.id}
        {...keyboardProps}
        ref={(el) => {
          ref?.(el);
          keyboardRef?.(el);
          if (highlighted) highlightedRef.current = el;
        }}
        data-index={index}
        data-highlighted={highlighted || undefined}
        aria-current={highlighted ? 'true' : undefined}
        className={cn(
          'transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
          highlighted
            ? 'bg-amber-50 shadow-[inset_3px_0_0_var(--color-amber-400)] hover:bg-amber-50'
            : selected
              ? 'bg-indigo-50/60 hover:bg-indigo-50'
              : 'hover:bg-slate-50/70',
          decoration?.className
        )}
      >
        <BodyCells row={row} cellClassName={cn(cellBase, rowPadding[density], 'align-middle')} note={decoration?.note} widths={widths} />
      </tr>
    );
  };

  return (
    <div className="overflow-x-auto" ref={keyboard.tableRef}>
      <table className="w-full text-sm" aria-busy={loading || undefined} data-density={density}>
        <caption className="sr-only">{caption}</caption>
        <TableHead table={table} cellClassName={cellBase} className="border-b border-slate-200 bg-slate-50/80" widths={widths} />
        <tbody className="divide-y divide-slate-100">
          {loading ? (
            <SkeletonRows table={table} count={10} cellClassName={cn(cellBase, skeletonPadding[density])} />
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
