import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from '../ui/Skeleton';
import { ColumnResizer } from './ColumnResizer';
import { columnLabel } from './column-layout';
import './column';

export const alignClass = (align: 'left' | 'right' | undefined) => (align === 'right' ? 'text-right' : 'text-left');

/** Columns resized by hand: how wide each is now, and how a header's edge changes it. */
export interface ColumnWidths {
  widthOf: (columnId: string) => number | undefined;
  /** Absent: the headers have no edge to drag (the table's widths are fixed). */
  onResize?: (columnId: string, width: number, final: boolean) => void;
}

/** A column set to a width by hand is exactly that wide: its values are cut rather than widening it. */
export function widthStyle(width: number | undefined): CSSProperties | undefined {
  return width === undefined ? undefined : { width, minWidth: width, maxWidth: width };
}

interface TableHeadProps<T> {
  table: Table<T>;
  /** Padding shared with the body cells, so headers sit over their values. */
  cellClassName: string;
  /** Look of the header cells (background, line, stickiness). */
  headerClassName?: string;
  className?: string;
  widths?: ColumnWidths;
}

/** <thead> with one scoped <th> per column, aligned like the column's cells, each with an edge to resize it where the table allows. */
export function TableHead<T>({ table, cellClassName, headerClassName, className, widths }: TableHeadProps<T>) {
  const idBase = useId();
  const onResize = widths?.onResize;
  return (
    <thead className={className}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const column = header.column;
            const meta = column.columnDef.meta;
            const width = widths?.widthOf(column.id);
            const nameId = `${idBase}-${column.id}`;
            return (
              <th
                key={header.id}
                scope="col"
                // Named by its text alone: the edge inside it has a name of its own.
                aria-labelledby={onResize ? nameId : undefined}
                style={widthStyle(width)}
                className={cn(
                  cellClassName,
                  'h-10 text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase',
                  headerClassName,
                  alignClass(meta?.align),
                  meta?.className,
                  onResize && 'relative',
                  width !== undefined && 'overflow-hidden text-ellipsis'
                )}
              >
                {onResize ? (
                  <span id={nameId}>{flexRender(column.columnDef.header, header.getContext())}</span>
                ) : (
                  flexRender(column.columnDef.header, header.getContext())
                )}
                {onResize && <ColumnResizer label={columnLabel(column.columnDef)} width={width} onResize={(next, final) => onResize(column.id, next, final)} />}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

interface SkeletonRowsProps<T> {
  table: Table<T>;
  count: number;
  cellClassName: string;
  /** Fixed-height tables keep their row height while loading. */
  rowHeight?: number;
}

/** Placeholder rows while the first page loads: one bar per column, as wide as its values tend to be. */
export function SkeletonRows<T>({ table, count, cellClassName, rowHeight }: SkeletonRowsProps<T>) {
  return Array.from({ length: count }, (_, i) => (
    <tr key={i} style={rowHeight ? { height: rowHeight } : undefined}>
      {table.getVisibleLeafColumns().map((col) => (
        <td key={col.id} className={cn(cellClassName, col.columnDef.meta?.className)}>
          <Skeleton className={cn('h-4', col.columnDef.meta?.skeleton ?? 'w-24', col.columnDef.meta?.align === 'right' && 'ml-auto')} />
        </td>
      ))}
    </tr>
  ));
}

interface BodyCellsProps<T> {
  row: Row<T>;
  cellClassName: string;
  /** A short note under the first cell's content, where the eye starts (a live row leaving the filters says why). */
  note?: ReactNode;
  widths?: ColumnWidths;
}

/** A body row's cells, each aligned like its column; `cellClassName` is the table's padding and wrapping. */
export function BodyCells<T>({ row, cellClassName, note, widths }: BodyCellsProps<T>) {
  const cells = row.getVisibleCells();
  return cells.map((cell, index) => {
    const meta = cell.column.columnDef.meta;
    const width = widths?.widthOf(cell.column.id);
    return (
      <td
        key={cell.id}
        style={widthStyle(width)}
        className={cn(cellClassName, alignClass(meta?.align), meta?.className, width !== undefined && 'overflow-hidden text-ellipsis')}
      >
        {flexRender(cell.column.columnDef.cell, cell.getContext())}
        {note && index === 0 && <div className="mt-1 text-xs font-medium whitespace-nowrap text-amber-700">{note}</div>}
      </td>
    );
  });
}
