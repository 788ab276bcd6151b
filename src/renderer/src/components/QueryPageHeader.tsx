import type { ReactNode } from 'react';
import { RefreshButton, type Refreshable } from './RefreshButton';
import { PageHeader } from './ui/PageHeader';

/** The header of a screen that shows one query's data: its title and description, then `actions` (if any) and Refresh. */
export function QueryPageHeader({ title, description, query, actions }: { title: string; description: ReactNode; query: Refreshable; actions?: ReactNode }) {
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        <>
          {actions}
          <RefreshButton query={query} />
        </>
      }
    />
  );
}
