import { Fragment, type ReactNode } from 'react';
import { QueryErrorState } from './QueryErrorState';
import { QueryPageHeader } from './QueryPageHeader';
import type { Refreshable } from './RefreshButton';
import { Notice } from './ui/Notice';

/** The stored setting a screen edits (lib/settings storedSetting): its query hook and the title of its error state. */
interface StoredRead<T> {
  useStored: () => Refreshable & { data: T | undefined; error: unknown; isError: boolean; isFetching: boolean };
  loadFailed: string;
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
  setting,
  skeleton,
  children
}: {
  title: string;
  description: ReactNode;
  note: ReactNode;
  setting: StoredRead<T>;
  skeleton: ReactNode;
  children: (stored: T) => ReactNode;
}) {
  const query = setting.useStored();
  const stored = query.data;
  let content;
  if (query.isError && stored === undefined) content = <QueryErrorState card title={setting.loadFailed} query={query} />;
  else if (stored === undefined) content = skeleton;
  // A new form whenever what is stored changes (a save read again, a refresh): it starts again from what was saved.
  else content = <Fragment key={JSON.stringify(stored)}>{children(stored)}</Fragment>;
  return (
    <div className="max-w-4xl space-y-6">
      <QueryPageHeader title={title} description={description} query={query} />
      <Notice tone="info">{note}</Notice>
      {content}
    </div>
  );
}
