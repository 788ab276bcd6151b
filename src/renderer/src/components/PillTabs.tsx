import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { cn } from '../lib/cn';

export interface PillTab {
  key: string;
  label: string;
  to: To;
  active: boolean;
  /** Drawn after the label in a pill of its own (a count). */
  badge?: ReactNode;
}

/** Views of one list as a row of pill-shaped links (All · Pending · …): the current one filled, and marked for screen readers. */
export function PillTabs({ label, tabs }: { label: string; tabs: PillTab[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1.5">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.active ? 'page' : undefined}
              className={cn(
                'inline-flex h-8 items-center rounded-full text-sm font-medium ring-1 transition-colors ring-inset',
                tab.badge === undefined ? 'px-3' : 'gap-2 pr-1.5 pl-3',
                'focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                tab.active ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50 hover:text-slate-900'
              )}
            >
              {tab.label}
              {tab.badge !== undefined && <> {tab.badge}</>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
