import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { DashboardFigure } from '@shared/contract';
import { dashboardFigureNames, type DashboardFigureName } from '@shared/dashboardFigures';
import { api, call } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';

export const dashboardKeys = {
  all: rootKeys.dashboard,
  figure: (figure: DashboardFigureName) => [...rootKeys.dashboard, 'figure', figure] as const,
  lastFigures: () => [...rootKeys.dashboard, 'lastFigures'] as const,
  daily: (days: number) => [...rootKeys.dashboard, 'daily', days] as const
};

/** One card's figure: its own call, so the card fills when its aggregation answers. */
export const figureQuery = (figure: DashboardFigureName) =>
  queryOptions({
    queryKey: dashboardKeys.figure(figure),
    queryFn: () => call(() => api().dashboard.figure({ figure })),
    // Ten cards failing together would be ten toasts: the page says it once.
    meta: { silent: true }
  });

/** The last figures the main process has for this session: instant, shown until fresh ones answer. */
export const lastFiguresQuery = queryOptions({
  queryKey: dashboardKeys.lastFigures(),
  queryFn: () => call(() => api().dashboard.lastFigures({})),
  staleTime: 0,
  meta: { silent: true }
});

export type CardState =
  /** Nothing to show yet. */
  | { kind: 'loading' }
  /** `figure` is shown; a fresh answer is on its way (it may be the last session figure). */
  | { kind: 'updating'; figure: DashboardFigure }
  | { kind: 'fresh'; figure: DashboardFigure }
  /** The fresh answer failed; `figure` is the last one there was, if any. */
  | { kind: 'failed'; figure: DashboardFigure | null; message: string };

export type DashboardFigures = Record<DashboardFigureName, CardState>;

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong.');

export function useDashboardFigures() {
  const last = useQuery(lastFiguresQuery);
  // Asked right after the (instant) last figures, so in browser mode, whose HTTP/1.1 connections
  // are limited to six, the last figures never queue behind slow aggregations.
  const ready = last.isFetched;
  const results = useQueries({ queries: dashboardFigureNames.map((name) => ({ ...figureQuery(name), enabled: ready })) });

  const kept = new Map(last.data?.figures.map((f) => [f.figure, f]));
  const cards = {} as DashboardFigures;
  dashboardFigureNames.forEach((name, i) => {
    const result = results[i]!;
    const shown = result.data ?? kept.get(name) ?? null;
    if (result.isError && !result.isFetching) cards[name] = { kind: 'failed', figure: shown, message: messageOf(result.error) };
    else if (!shown) cards[name] = { kind: 'loading' };
    else if (result.isFetching || !result.data) cards[name] = { kind: 'updating', figure: shown };
    else cards[name] = { kind: 'fresh', figure: shown };
  });
  return {
    cards,
    fetching: !ready || results.some((r) => r.isFetching),
    // A click while a refresh is running joins it instead of starting another.
    refetch: () => results.forEach((r) => void r.refetch({ cancelRefetch: false }))
  };
}
