import { LogOut } from 'lucide-react';
import { NavLink, useLocation } from 'react-router-dom';
import { LogoMark, Wordmark } from '../../components/ui/Logo';
import { cn } from '../../lib/cn';
import { useAppInfo } from '../../lib/app-info';
import { preloadPath } from '../lazy-pages';
import { mainNav, type NavItem } from '../navigation';

const linkBase =
  'group flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-indigo-400';
const linkIdle = 'text-slate-300 hover:bg-white/5 hover:text-white';
const linkActive = 'bg-white/10 text-white';

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
          <Icon
            aria-hidden
            className={cn(
              'size-4 shrink-0',
              isActive || related ? 'text-indigo-300' : 'text-slate-400 group-hover:text-slate-200'
            )}
          />
          {item.label}
        </>
      )}
    </NavLink>
  );
}

export function Sidebar() {
  const info = useAppInfo();
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
            {mainNav.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} />
              </li>
            ))}
          </ul>
          <div className="mt-auto border-t border-white/10 pt-3">
            <NavLink to="/logout" className={cn(linkBase, linkIdle)}>
              <LogOut aria-hidden className="size-4 shrink-0 text-slate-400 group-hover:text-slate-200" />
              Logout
            </NavLink>
          </div>
        </nav>

        {info && <p className="px-6 pb-4 text-xs text-slate-500 tabular-nums">Version {info.version}</p>}
      </div>
    </aside>
  );
}
