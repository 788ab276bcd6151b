import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ArrowUp, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Page } from '../../../../../shared/contract';
import type { WatchListInput } from '../../../../../shared/schemas/live';
import { api, call } from '../../../lib/api';
import { plural } from '../../../lib/format';
import { useConnection, useMainEvent } from '../../../lib/live-events';
import type { MoneyQueryInput } from '../filters';
import type { MoneyList, MoneyRow } from '../money-list';
import { mergeById, placeOnTop, removeRows, replaceRows, shownIds } from './live-rows';

/** How a row looks while live work marks it: fading out because it left the filters, or just arrived. */
export interface LiveRowDecoration {
  className?: string;
  /** A short note shown on the row (why it is leaving). */
  note?: ReactNode;
}

export interface LiveList {
  /** The "3 new - show" pill and the offline note, shown above the table. */
  banner: ReactNode;
  decorate: (rowId: string) => LiveRowDecoration | undefined;
}

/** How long a record that left the filters stays on screen, faded, with its note. */
const FADE_MS = 6_000;
/** How long records just shown stay tinted, so the eye finds them. */
const FRESH_MS = 8_000;

/**
 * Keeps the list on screen live: the main process watches its first page (and, for a queue sorted
 * oldest first, the newest records of the same filters) and pushes what changed. Records changed
 * elsewhere update in place; new ones wait behind a pill so the rows under the cursor do not move;
 * records that no longer match fade out with the reason.
 */
export function useLiveList<T extends MoneyRow>(list: MoneyList<T>, input: MoneyQueryInput, enabled: boolean): LiveList {
  const queryClient = useQueryClient();
  const online = useConnection((state) => state.online);
  const { name } = list;
  const key = list.keys.filtered(input);
  const { focus: _focus, ...request } = input;
  const requestKey = JSON.stringify(request);
  const [watchId, setWatchId] = useState<string | null>(null);
  const [arrivals, setArrivals] = useState<T[]>([]);
  const [leaving, setLeaving] = useState<ReadonlyMap<string, string>>(new Map());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  };

  useEffect(() => {
    if (!enabled) return undefined;
    let watching: string | null = null;
    let closed = false;
    setArrivals([]);
    setLeaving(new Map());
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
      if (watching) void api().live.unwatch({ watchId: watching }).catch(() => undefined);
    };
  }, [enabled, name, requestKey]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useMainEvent('live.list', (event) => {
    if (event.watchId !== watchId) return;
    type Data = InfiniteData<Page<T>, unknown> | undefined;
    const shown = shownIds(queryClient.getQueryData<Data>(key));
    // The watch is of this list, so its rows are this list's rows.
    const changed = event.changed as unknown as T[];
    const arrived = (event.arrived as unknown as T[]).filter((row) => !shown.has(row.id));
    if (changed.length) queryClient.setQueryData<Data>(key, (data) => replaceRows(data, changed));
    const leftIds = new Set(event.left.map((left) => left.id));
    if (arrived.length || leftIds.size) setArrivals((waiting) => mergeById(waiting, arrived).filter((row) => !leftIds.has(row.id)));
    const fading = event.left.filter((left) => shown.has(left.id));
    if (fading.length) {
      // The row shows what it became (its new status) while it fades.
      const now = fading.flatMap((left) => (left.row ? [left.row as unknown as T] : []));
      if (now.length) queryClient.setQueryData<Data>(key, (data) => replaceRows(data, now));
      setLeaving((now) => new Map([...now, ...fading.map((left) => [left.id, left.note] as const)]));
      const ids = new Set(fading.map((left) => left.id));
      later(FADE_MS, () => {
        queryClient.setQueryData<Data>(key, (data) => removeRows(data, ids));
        setLeaving((now) => new Map([...now].filter(([id]) => !ids.has(id))));
      });
    }
    // The status tabs' figures moved too.
    void queryClient.invalidateQueries({ queryKey: [...list.keys.all, 'counts'] });
  });

  const show = () => {
    const rows = arrivals;
    queryClient.setQueryData<InfiniteData<Page<T>, unknown>>(key, (data) => placeOnTop(data, rows));
    setArrivals([]);
    const ids = new Set(rows.map((row) => row.id));
    setFresh((now) => new Set([...now, ...ids]));
    later(FRESH_MS, () => setFresh((now) => new Set([...now].filter((id) => !ids.has(id)))));
  };

  const banner =
    arrivals.length > 0 || !online ? (
      <div className="flex flex-wrap items-center justify-center gap-3">
        {!online && (
          <p role="status" className="flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm text-amber-800 ring-1 ring-amber-200">
            <WifiOff aria-hidden className="size-4" />
            Offline - reconnecting. This list shows what was last seen.
          </p>
        )}
        {arrivals.length > 0 && (
          <button
            type="button"
            onClick={show}
            className="flex items-center gap-1.5 rounded-full bg-indigo-600 px-3.5 py-1 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          >
            <ArrowUp aria-hidden className="size-4" />
            {plural(arrivals.length, 'new')} - show
          </button>
        )}
      </div>
    ) : null;

  return {
    banner,
    decorate: (rowId) => {
      const note = leaving.get(rowId);
      if (note !== undefined) return { className: 'opacity-45 transition-opacity duration-1000', note };
      if (fresh.has(rowId)) return { className: 'bg-indigo-50/70' };
      return undefined;
    }
  };
}
