import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { MoneyListName, Page } from '@shared/contract';
import type { LiveListEvent, WatchListInput } from '@shared/schemas/live';
import type { RowDecoration } from '../../../components/data-table/DataTable';
import { api, call } from '../../../lib/api';
import { useMainEvent } from '../../../lib/live-events';
import type { ReviewListQuery } from '../view';
import { mergeById, placeOnTop, removeRows, replaceRows, shownIds } from './live-rows';

/** A row the main process pushes: one of the four lists' rows, as the watch of this list sends them. */
type LiveRow = LiveListEvent['changed'][number];
type Cached = InfiniteData<Page<LiveRow>, unknown> | undefined;

export interface LiveList {
  /** Records that arrived and wait behind the "N new" pill, so the rows under the cursor do not move. */
  waiting: number;
  /** Puts the waiting records on top of the list, tinted for a while. */
  show: () => void;
  decorate: (rowId: string) => RowDecoration | undefined;
}

/** How long a record that left the filters stays on screen, faded, with its note. */
const FADE_MS = 6_000;
/** How long records just shown stay tinted, so the eye finds them. */
const FRESH_MS = 8_000;

/** Runs `run` after `ms`, unless the component has gone. */
function useLater() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  return (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  };
}

/** Asks the main process to watch this view of the list while it is on screen; the watch's id, once it answers. */
function useWatch(name: MoneyListName, input: ReviewListQuery, enabled: boolean): string | null {
  const { focus: _focus, ...request } = input;
  const requestKey = JSON.stringify(request);
  const [watchId, setWatchId] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let watching: string | null = null;
    let closed = false;
    const watch = { list: name, request: JSON.parse(requestKey) as WatchListInput['request'] } as WatchListInput;
    call(() => api().live.watchList(watch))
      .then(({ watchId: id }) => {
        if (closed) void api().live.unwatch({ watchId: id });
        else setWatchId((watching = id));
      })
      // Without a watch the list still works as before: Refresh shows what changed.
      .catch(() => undefined);
    return () => {
      closed = true;
      setWatchId(null);
      if (watching)
        void api()
          .live.unwatch({ watchId: watching })
          .catch(() => undefined);
    };
  }, [enabled, name, requestKey]);
  return watchId;
}

/**
 * Keeps the list on screen live: the main process watches its first page (and, for a queue sorted
 * oldest first, the newest records of the same filters) and pushes what changed. Records changed
 * elsewhere update in place in the cache; new ones wait until shown; records that no longer match
 * fade out with the reason. LiveBanner draws the waiting records and the connection.
 */
export function useLiveList(
  list: { name: MoneyListName; keys: { filtered: (input: object) => QueryKey; all: QueryKey } },
  input: ReviewListQuery,
  enabled: boolean
): LiveList {
  const queryClient = useQueryClient();
  const key = list.keys.filtered(input);
  const watchId = useWatch(list.name, input, enabled);
  const [arrivals, setArrivals] = useState<LiveRow[]>([]);
  const [leaving, setLeaving] = useState<ReadonlyMap<string, string>>(new Map());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const later = useLater();
  const edit = (change: (data: Cached) => Cached) => queryClient.setQueryData<Cached>(key, change);

  // A new watch (other filters) starts with nothing waiting and nothing fading.
  useEffect(() => {
    setArrivals([]);
    setLeaving(new Map());
  }, [watchId]);

  useMainEvent('live.list', (event) => {
    if (event.watchId !== watchId) return;
    const shown = shownIds(queryClient.getQueryData<Cached>(key));
    const arrived = event.arrived.filter((row) => !shown.has(row.id));
    if (event.changed.length) edit((data) => replaceRows(data, event.changed));
    const leftIds = new Set(event.left.map((left) => left.id));
    if (arrived.length || leftIds.size) setArrivals((waiting) => mergeById(waiting, arrived).filter((row) => !leftIds.has(row.id)));
    const fading = event.left.filter((left) => shown.has(left.id));
    if (fading.length) {
      // The row shows what it became (its new status) while it fades.
      const became = fading.flatMap((left) => (left.row ? [left.row] : []));
      if (became.length) edit((data) => replaceRows(data, became));
      setLeaving((now) => new Map([...now, ...fading.map((left) => [left.id, left.note] as const)]));
      const ids = new Set(fading.map((left) => left.id));
      later(FADE_MS, () => {
        edit((data) => removeRows(data, ids));
        setLeaving((now) => new Map([...now].filter(([id]) => !ids.has(id))));
      });
    }
    // The status tabs' figures moved too.
    void queryClient.invalidateQueries({ queryKey: [...list.keys.all, 'counts'] });
  });

  const show = () => {
    const rows = arrivals;
    edit((data) => placeOnTop(data, rows));
    setArrivals([]);
    const ids = new Set(rows.map((row) => row.id));
    setFresh((now) => new Set([...now, ...ids]));
    later(FRESH_MS, () => setFresh((now) => new Set([...now].filter((id) => !ids.has(id)))));
  };

  return {
    waiting: arrivals.length,
    show,
    decorate: (rowId) => {
      const note = leaving.get(rowId);
      if (note !== undefined) return { className: 'opacity-45 transition-opacity duration-1000', note };
      if (fresh.has(rowId)) return { className: 'bg-indigo-50/70', note: 'New' };
      return undefined;
    }
  };
}
