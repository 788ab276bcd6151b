import { LogOut, WifiOff } from 'lucide-react';
import { matchPath, NavLink, useLocation } from 'react-router-dom';
import { LogoMark, Wordmark } from '../../components/ui/Logo';
import { cn } from '../../lib/cn';
import { useAppInfo } from '../../lib/app-info';
import { formatCount } from '../../lib/format';
import { useConnection } from '../../lib/live-events';
import { paths } from '../../lib/paths';
import { SavedViewLinks, useViewsWithCounts } from '../../modules/saved-views/SavedViewLinks';
import { useRole } from '../../lib/role';
import { childrenOf, offeredTo, preloadPath, savedViewPath, savedViewsUnder, sidebarScreens } from '../routes';
import { NotificationSettings } from './live/NotificationSettings';
import { TimeZoneSettings } from './TimeZoneSettings';
import { ThemeSwitch } from './ThemeSwitch';
import { useDesktopNotifications } from './live/use-desktop-notifications';
import { usePendingCounts } from './live/use-pending-counts';

const linkBase = 'group flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-indigo-400';
const linkIdle = 'text-slate-300 hover:bg-white/5 hover:text-white';
const linkActive = 'bg-white/10 text-white';

type SidebarScreen = (typeof sidebarScreens)[number];

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

function SidebarLink({ screen }: { screen: SidebarScreen }) {
  const { pathname } = useLocation();
  // A screen reached from this one (compound investments from Investments) keeps its entry lit.
  const related = childrenOf(screen).some((child) => matchPath(child.path, pathname) !== null);
  const Icon = screen.sidebar.icon;
  // The screen's code starts loading on hover or keyboard focus, so a click rarely waits for it.
  const preload = () => preloadPath(screen.path);
  return (
    <NavLink
      to={screen.path}
      end={screen.path === paths.dashboard}
      onMouseEnter={preload}
      onFocus={preload}
      className={({ isActive }) => cn(linkBase, isActive || related ? linkActive : linkIdle)}
    >
      {({ isActive }) => (
        <>
          <Icon aria-hidden className={cn('size-4 shrink-0', isActive || related ? 'text-indigo-300' : 'text-slate-400 group-hover:text-slate-200')} />
          {screen.sidebar.label}
        </>
      )}
    </NavLink>
  );
}

export function Sidebar() {
  const info = useAppInfo();
  const counts = usePendingCounts();
  const views = useViewsWithCounts();
  const role = useRole();
  useDesktopNotifications();
  return (
    // The dark column stretches with the page; its content stays in view while the page scrolls. Dark in both themes.
    <aside className="always-dark w-60 shrink-0 bg-slate-900">
      <div className="sticky top-0 flex h-screen flex-col">
        <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-white/10 px-5">
          <LogoMark className="size-7" />
          <Wordmark className="text-white" />
        </div>

        <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col overflow-y-auto px-3 py-4">
          <ul className="space-y-0.5">
            {/* Only the screens the role may use (routes.ts names what each needs). */}
            {sidebarScreens
              .filter((screen) => offeredTo(role, screen))
              .map((screen) => {
                const badge = screen.sidebar.waiting;
                const under = savedViewsUnder(screen);
                return (
                  <li key={screen.path}>
                    <div className="relative">
                      <SidebarLink screen={screen} />
                      {badge && counts && <PendingBadge n={counts[badge.count]} what={badge.what} />}
                    </div>
                    <SavedViewLinks
                      items={views.filter(({ view }) => under.includes(view.screen))}
                      pathOf={savedViewPath}
                      linkClass={(active) => cn(linkBase, 'h-8 text-[13px]', active ? linkActive : linkIdle)}
                    />
                  </li>
                );
              })}
          </ul>
          <div className="mt-auto space-y-0.5 border-t border-white/10 pt-3">
            <ThemeSwitch />
            <NotificationSettings className={cn(linkBase, linkIdle, 'w-full')} />
            <TimeZoneSettings className={cn(linkBase, linkIdle, 'w-full')} />
            <NavLink to={paths.logout} className={cn(linkBase, linkIdle)}>
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
