import type { ReactNode } from 'react';
import { ExportCsvButton, type ExportCsvButtonProps } from './export/ExportCsvButton';
import { QueryPageHeader } from './QueryPageHeader';
import type { Refreshable } from './RefreshButton';

/** A list screen's header: its title and description, then the list's Columns button, Export CSV and Refresh. */
export function ListPageHeader<Row>({
  title,
  description,
  exportCsv,
  query,
  columnsButton
}: {
  title: string;
  description: ReactNode;
  exportCsv: ExportCsvButtonProps<Row>;
  query: Refreshable;
  columnsButton?: ReactNode;
}) {
  return (
    <QueryPageHeader
      title={title}
      description={description}
      query={query}
      actions={
        <>
          {columnsButton}
          <ExportCsvButton {...exportCsv} />
        </>
      }
    />
  );
}
