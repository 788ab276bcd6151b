import type { CellContext, ColumnDef, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Amounts and counts line up on the right. */
    align?: 'left' | 'right';
    /** Extra classes for this column's header and cells (widths, wrapping). */
    className?: string;
    /** The width of this column's skeleton bar while the first page loads. */
    skeleton?: string;
    /** The column's name where its header draws more than its text (the selection's checkbox before it). */
    label?: string;
    /** The list cannot be read or worked without it (the row's identity, its status, its actions): the Columns dialog cannot hide it. */
    required?: boolean;
    /** The column changes records (a status select, a payout): not shown to a role that may only look. */
    changes?: boolean;
  }
}

interface ColumnOptions {
  align?: 'left' | 'right';
  className?: string;
  skeleton?: string;
  required?: boolean;
  changes?: boolean;
}

/**
 * One column: its header text (exactly as docs/product-rules.md §2 names it) and how a row renders in it.
 * The server sorts and pages, so columns are display-only.
 */
export function column<T>(
  id: string,
  header: string,
  render: (row: T, context: CellContext<T, unknown>) => ReactNode,
  options: ColumnOptions = {}
): ColumnDef<T> {
  return {
    id,
    header,
    cell: (context) => render(context.row.original, context),
    meta: options
  };
}
