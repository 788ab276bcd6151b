import { ArrowUp, WifiOff } from 'lucide-react';
import { plural } from '../../../lib/format';
import { useConnection } from '../../../lib/live-events';
import type { LiveList } from './use-live-list';

/** Above a live list: the "3 new - show" pill while records wait, and the note while Firestore cannot be reached. */
export function LiveBanner({ live }: { live: Pick<LiveList, 'waiting' | 'show'> }) {
  const online = useConnection((state) => state.online);
  if (live.waiting === 0 && online) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      {!online && (
        <p role="status" className="flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm text-amber-800 ring-1 ring-amber-200">
          <WifiOff aria-hidden className="size-4" />
          Offline - reconnecting. This list shows what was last seen.
        </p>
      )}
      {live.waiting > 0 && (
        <button
          type="button"
          onClick={live.show}
          className="flex items-center gap-1.5 rounded-full bg-indigo-600 px-3.5 py-1 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
        >
          <ArrowUp aria-hidden className="size-4" />
          {plural(live.waiting, 'new')} - show
        </button>
      )}
    </div>
  );
}
