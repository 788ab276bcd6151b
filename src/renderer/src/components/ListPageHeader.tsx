import type { ReactNode } from 'react';
import { ExportCsvButton, type ExportCsvButtonProps } from './export/ExportCsvButton';
import { RefreshButton, type Refreshable } from './RefreshButton';
import { PageHeader } from './ui/PageHeader';

/** A list screen's header: its title and description, then Export CSV and Refresh. */
export function ListPageHeader<Row>({
  title,
  description,
  exportCsv,
  query
}: {
  title: string;
  description: ReactNode;
  exportCsv: ExportCsvButtonProps<Row>;
  query: Refreshable;
}) {
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        <>
          <ExportCsvButton {...exportCsv} />
          <RefreshButton query={query} />
        </>
      }
    />
  );
}
