import { Link } from 'react-router-dom';
import { cn } from '../lib/cn';

export interface TabLink {
  label: string;
  /** A path, or a path with a query ("/audit?tab=mail"), so every tab is linkable. */
  to: string;
  active: boolean;
}

/** Sections of one screen as links under its header: the current one is marked for screen readers too. */
export function TabLinks({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      <ul className="-mb-px flex gap-6">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.active ? 'page' : undefined}
              className={cn(
                'inline-flex h-10 items-center border-b-2 px-0.5 text-sm font-medium transition-colors',
                tab.active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
