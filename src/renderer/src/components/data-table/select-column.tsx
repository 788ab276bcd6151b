import { flexRender, type ColumnDef } from '@tanstack/react-table';
import { pageSelection, type RowSelection } from './selection';
import { SelectCheckbox } from './SelectCheckbox';

/**
 * The first column of a table whose rows can be selected, with the checkbox leading it: the page's
 * checkbox before its header, one per row before its value. Kept inside the first column so the
 * columns stay exactly the ones the list names (docs/product-rules.md §2).
 */
export function withSelectBox<T>(first: ColumnDef<T>, selection: RowSelection, rowLabel: (row: T) => string): ColumnDef<T> {
  // Spread, the union of column kinds loses which kind `first` is; it stays the same kind.
  return {
    ...first,
    meta: { ...first.meta, label: first.meta?.label ?? (typeof first.header === 'string' ? first.header : first.id) },
    header: (context) => {
      const state = pageSelection(
        selection.selected,
        context.table.getRowModel().rows.map((row) => row.id)
      );
      return (
        <span className="flex items-center gap-4">
          <SelectCheckbox
            label="Select every row on this page"
            checked={state === 'all'}
            indeterminate={state === 'some'}
            onToggle={() => selection.togglePage()}
          />
          {flexRender(first.header, context)}
        </span>
      );
    },
    cell: (context) => (
      <span className="flex items-center gap-4">
        <SelectCheckbox
          label={`Select ${rowLabel(context.row.original)}`}
          checked={selection.selected.has(context.row.id)}
          onToggle={(range) => selection.toggle(context.row.id, range)}
        />
        {flexRender(first.cell, context)}
      </span>
    )
  } as ColumnDef<T>;
}
