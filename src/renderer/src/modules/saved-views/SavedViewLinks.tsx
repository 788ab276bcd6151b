import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Ellipsis } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { SavedView, ViewScreen } from '@shared/contract';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { useSetColumnLayout } from '../../lib/column-layouts';
import { formatCount } from '../../lib/format';
import { useMainEvent } from '../../lib/live-events';
import { useReviewLists } from '../review-list/lists-context';
import { useDeleteView, useRenameView, useSavedViews } from './api';
import { viewLink } from './screens';
import { viewCountQuery } from './view-counts';
import { ViewNameDialog } from './ViewNameDialog';

/** Counts are aggregation queries (no document read): asked again this often while Ledgerdesk is open, and on every live change. */
const COUNT_EVERY_MS = 60_000;

/** Until the views are read: one empty list, so the focus listener below is not added again on every render. */
const NO_VIEWS: SavedView[] = [];

/** The saved views of every screen, and each one's count now. */
export function useViewsWithCounts() {
  const queryClient = useQueryClient();
  const lists = useReviewLists();
  const views = useSavedViews().data?.views ?? NO_VIEWS;
  const counts = useQueries({
    queries: views.map((view) => ({ ...viewCountQuery(view, lists), refetchInterval: COUNT_EVERY_MS, meta: { silent: true } }))
  });
  // A queue that changed (the main process's listeners) may have changed a view's count too.
  useMainEvent(
    'live.pendingCounts',
    () => void Promise.all(views.map((view) => queryClient.invalidateQueries({ queryKey: viewCountQuery(view, lists).queryKey })))
  );
  useEffect(() => {
    const refresh = () => views.forEach((view) => void queryClient.invalidateQueries({ queryKey: viewCountQuery(view, lists).queryKey }));
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient, views, lists]);
  return views.map((view, i) => ({ view, count: counts[i]?.data }));
}

function ManageView({ view, onClose }: { view: SavedView; onClose: () => void }) {
  const rename = useRenameView();
  const remove = useDeleteView();
  return (
    <ViewNameDialog
      title="Rename or delete this view"
      description="Views are kept on this computer. Deleting one removes it from the sidebar; no record changes."
      initialName={view.name}
      confirmLabel="Rename"
      busy={rename.isPending || remove.isPending}
      onClose={onClose}
      onSubmit={(name) => rename.mutate({ id: view.id, name }, { onSuccess: onClose })}
      footer={
        <Button
          type="button"
          variant="danger"
          className="mr-auto"
          busy={remove.isPending}
          onClick={() => remove.mutate({ id: view.id, name: view.name }, { onSuccess: onClose })}
        >
          Delete view
        </Button>
      }
    />
  );
}

/** Under a sidebar entry: its screen's saved views, each a link with its count and a button to rename or delete it. */
export function SavedViewLinks({
  items,
  pathOf,
  linkClass
}: {
  items: { view: SavedView; count: number | null | undefined }[];
  /** Where a view's screen lives (the route table's saved-view screens). */
  pathOf: (screen: ViewScreen) => string | undefined;
  linkClass: (active: boolean) => string;
}) {
  const location = useLocation();
  const [managing, setManaging] = useState<SavedView | null>(null);
  const setColumns = useSetColumnLayout();
  // A view opens with the columns it was saved with, and its list keeps them; a view saved before columns could be chosen leaves the list's as they are.
  const openColumnsOf = (view: SavedView) => {
    if (view.columns) setColumns({ list: view.screen, layout: Object.keys(view.columns).length > 0 ? view.columns : null });
  };
  if (items.length === 0) return null;
  return (
    <>
      <ul className="mt-0.5 space-y-0.5" aria-label="Saved views">
        {items.map(({ view, count }) => {
          const to = viewLink(pathOf(view.screen), view);
          const active = `${location.pathname}${location.search}`.toLowerCase() === to.toLowerCase();
          return (
            <li key={view.id} className="group/view relative">
              <NavLink
                to={to}
                title={view.name}
                onClick={() => openColumnsOf(view)}
                className={cn(linkClass(active), 'pr-16 pl-10')}
                aria-current={active ? 'page' : undefined}
              >
                <span className="line-clamp-2 break-words">{view.name}</span>
              </NavLink>
              <span
                className="pointer-events-none absolute top-1/2 right-9 -translate-y-1/2 text-[11px] font-semibold text-slate-300 tabular-nums"
                title={count === null ? 'This view cannot be counted.' : undefined}
              >
                {count === undefined ? '' : formatCount(count)}
                <span className="sr-only"> records</span>
              </span>
              <button
                type="button"
                aria-label={`Rename or delete the view ${view.name}`}
                onClick={() => setManaging(view)}
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
              >
                <Ellipsis aria-hidden className="size-3.5" />
              </button>
            </li>
          );
        })}
      </ul>
      {managing && <ManageView view={managing} onClose={() => setManaging(null)} />}
    </>
  );
}
