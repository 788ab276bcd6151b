import { flexRender, type Row, type Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from '../ui/Skeleton';
import './column';

export const alignClass = (align: 'left' | 'right' | undefined) => (align === 'right' ? 'text-right' : 'text-left');

interface TableHeadProps<T> {
  table: Table<T>;
  /** Padding shared with the body cells, so headers sit over their values. */
  cellClassName: string;
  /** Look of the header cells (background, line, stickiness). */
  headerClassName?: string;
  className?: string;
}

/** <thead> with one scoped <th> per column, aligned like the column's cells. */
export function TableHead<T>({ table, cellClassName, headerClassName, className }: TableHeadProps<T>) {
  return (
    <thead className={className}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const meta = header.column.columnDef.meta;
            return (
              <th
                key={header.id}
                scope="col"
                className={cn(
                  cellClassName,
                  'h-10 text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase',
                  headerClassName,
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
}

/** A body row's cells, each aligned like its column; `cellClassName` is the table's padding and wrapping. */
export function BodyCells<T>({ row, cellClassName, note }: BodyCellsProps<T>) {
  const cells = row.getVisibleCells();
  return cells.map((cell, index) => {
    const meta = cell.column.columnDef.meta;
    return (
      <td key={cell.id} className={cn(cellClassName, alignClass(meta?.align), meta?.className)}>
        {flexRender(cell.column.columnDef.cell, cell.getContext())}
        {note && index === 0 && <div className="mt-1 text-xs font-medium whitespace-nowrap text-amber-700">{note}</div>}
      </td>
    );
  });
}
