import { LogOut, WifiOff } from 'lucide-react';
import type { PendingCounts } from '../../../../shared/schemas/live';
import { NavLink, useLocation } from 'react-router-dom';
import { LogoMark, Wordmark } from '../../components/ui/Logo';
import { cn } from '../../lib/cn';
import { useAppInfo } from '../../lib/app-info';
import { preloadPath } from '../lazy-pages';
import { formatCount } from '../../lib/format';
import { useConnection } from '../../lib/live-events';
import { mainNav, type NavItem } from '../navigation';
import { NotificationSettings } from './live/NotificationSettings';
import { useDesktopNotifications } from './live/use-desktop-notifications';
import { usePendingCounts } from './live/use-pending-counts';
import { SavedViewLinks, useViewsWithCounts, viewsUnder } from '../../modules/saved-views/SavedViewLinks';

const linkBase = 'group flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-indigo-400';
const linkIdle = 'text-slate-300 hover:bg-white/5 hover:text-white';
const linkActive = 'bg-white/10 text-white';

/** Which waiting work a sidebar entry counts: its pending queue. */
const waiting: Record<string, { count: keyof Omit<PendingCounts, 'asOf'>; what: string }> = {
  '/deposits': { count: 'deposits', what: 'pending deposits' },
  '/withdrawals': { count: 'withdrawals', what: 'pending withdrawals' },
  '/investments': { count: 'investmentsDue', what: 'investments due' },
  '/users': { count: 'kyc', what: 'KYC reviews waiting' }
};

/** Beside its link, not inside it: the link keeps its plain name ("Manage Deposits"). */
function PendingBadge({ n, what }: { n: number; what: string }) {
  if (n === 0) return null;
  return (
    <span
      title={`${formatCount(n)} ${what}`}
      className="pointer-events-none absolute top-1/2 right-2 min-w-6 -translate-y-1/2 rounded-full bg-indigo-600 px-1.5 py-0.5 text-center text-[11px] leading-4 font-semibold text-white tabular-nums"
    >
      {formatCount(n)}
      <span className="sr-only"> {what}</span>
    </span>
  );
}

/** Shown while Firestore cannot be reached; the listeners reconnect by themselves. */
function ConnectionNote() {
  const online = useConnection((state) => state.online);
  if (online) return null;
  return (
    <p role="status" className="mx-3 mb-3 flex items-center gap-2 rounded-md bg-amber-400/10 px-3 py-2 text-xs font-medium text-amber-200">
      <WifiOff aria-hidden className="size-3.5 shrink-0" />
      Offline - reconnecting
    </p>
  );
}

function SidebarLink({ item }: { item: NavItem }) {
  const { pathname } = useLocation();
  const related = item.alsoActiveOn?.some((path) => pathname.toLowerCase() === path.toLowerCase()) ?? false;
  const Icon = item.icon;
  // The screen's code starts loading on hover or keyboard focus, so a click rarely waits for it.
  const preload = () => preloadPath(item.to);
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      onMouseEnter={preload}
      onFocus={preload}
      className={({ isActive }) => cn(linkBase, isActive || related ? linkActive : linkIdle)}
    >
      {({ isActive }) => (
        <>
          <Icon aria-hidden className={cn('size-4 shrink-0', isActive || related ? 'text-indigo-300' : 'text-slate-400 group-hover:text-slate-200')} />
          {item.label}
        </>
      )}
    </NavLink>
  );
}

export function Sidebar() {
  const info = useAppInfo();
  const counts = usePendingCounts();
  const views = useViewsWithCounts();
  useDesktopNotifications();
  return (
    // The dark column stretches with the page; its content stays in view while the page scrolls.
    <aside className="w-60 shrink-0 bg-slate-900">
      <div className="sticky top-0 flex h-screen flex-col">
        <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-white/10 px-5">
          <LogoMark className="size-7" />
          <Wordmark className="text-white" />
        </div>

        <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col overflow-y-auto px-3 py-4">
          <ul className="space-y-0.5">
            {mainNav.map((item) => {
              const badge = waiting[item.to];
              const screens = viewsUnder(item.to);
              return (
                <li key={item.to}>
                  <div className="relative">
                    <SidebarLink item={item} />
                    {badge && counts && <PendingBadge n={counts[badge.count]} what={badge.what} />}
                  </div>
                  <SavedViewLinks
                    items={views.filter(({ view }) => screens.includes(view.screen))}
                    linkClass={(active) => cn(linkBase, 'h-8 text-[13px]', active ? linkActive : linkIdle)}
                  />
                </li>
              );
            })}
          </ul>
          <div className="mt-auto space-y-0.5 border-t border-white/10 pt-3">
            <NotificationSettings className={cn(linkBase, linkIdle, 'w-full')} />
            <NavLink to="/logout" className={cn(linkBase, linkIdle)}>
              <LogOut aria-hidden className="size-4 shrink-0 text-slate-400 group-hover:text-slate-200" />
              Logout
            </NavLink>
          </div>
        </nav>

        <ConnectionNote />
        {info && <p className="px-6 pb-4 text-xs text-slate-400 tabular-nums">Version {info.version}</p>}
      </div>
    </aside>
  );
}
