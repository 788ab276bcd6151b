import type { ColumnDef } from '@tanstack/react-table';
import { pageSelection, type RowSelection } from './selection';
import { SelectCheckbox } from './SelectCheckbox';

/** The first column of a table whose rows can be selected: the page's checkbox, then one per row. */
export function selectColumn<T>(selection: RowSelection, rowLabel: (row: T) => string): ColumnDef<T> {
  return {
    id: 'select',
    header: ({ table }) => {
      const state = pageSelection(
        selection.selected,
        table.getRowModel().rows.map((row) => row.id)
      );
      return (
        <SelectCheckbox
          label="Select every row on this page"
          checked={state === 'all'}
          indeterminate={state === 'some'}
          onToggle={() => selection.togglePage()}
        />
      );
    },
    cell: ({ row }) => (
      <SelectCheckbox label={`Select ${rowLabel(row.original)}`} checked={selection.selected.has(row.id)} onToggle={(range) => selection.toggle(row.id, range)} />
    ),
    meta: { className: 'w-10', skeleton: 'w-4' }
  };
}
