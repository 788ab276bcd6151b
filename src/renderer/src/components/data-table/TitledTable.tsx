import { useId } from 'react';
import type { ColumnList } from '@shared/schemas/columns';
import { useColumnLayout } from '../../lib/column-layouts';
import { ColumnsButton } from './ColumnsButton';
import { PagedTable, type PagedTableProps } from './PagedTable';

export type TitledTableProps<T extends { id: string }> = Omit<PagedTableProps<T>, 'layout' | 'caption'> & {
  title: string;
  /** What screen readers call the table; the title unless it says more. */
  caption?: string;
  /** Whose columns these are: shown, hidden and widened per list, on this computer. */
  list: ColumnList;
};

/** A table under its own heading, with the Columns button beside the heading: one of several lists on a screen. */
export function TitledTable<T extends { id: string }>({ title, caption = title, list, ...table }: TitledTableProps<T>) {
  const headingId = useId();
  const layout = useColumnLayout(list);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <ColumnsButton columns={table.columns} layout={layout} what={table.noun.many} />
      </div>
      <PagedTable {...table} caption={caption} layout={layout} />
    </section>
  );
}
