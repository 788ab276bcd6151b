import type { ReactNode } from 'react';
import { QueryErrorState } from './QueryErrorState';
import { QueryPageHeader } from './QueryPageHeader';
import type { Refreshable } from './RefreshButton';
import { Notice } from './ui/Notice';

interface StoredQuery extends Refreshable {
  error: unknown;
  isError: boolean;
  isFetching: boolean;
}

/**
 * A screen that edits one stored value as a form: the header with Refresh, a note on what saving
 * does, then the form on what is stored, the skeleton until it is read, or the error state when it
 * could not be read (a value read before stays on screen through a failed refresh).
 */
export function StoredFormPage<T>({
  title,
  description,
  note,
  query,
  stored,
  loadFailed,
  skeleton,
  children
}: {
  title: string;
  description: ReactNode;
  note: ReactNode;
  query: StoredQuery;
  stored: T | undefined;
  loadFailed: string;
  skeleton: ReactNode;
  children: (stored: T) => ReactNode;
}) {
  let content;
  if (query.isError && stored === undefined) content = <QueryErrorState card title={loadFailed} query={query} />;
  else if (stored === undefined) content = skeleton;
  else content = children(stored);
  return (
    <div className="max-w-4xl space-y-6">
      <QueryPageHeader title={title} description={description} query={query} />
      <Notice tone="info">{note}</Notice>
      {content}
    </div>
  );
}
