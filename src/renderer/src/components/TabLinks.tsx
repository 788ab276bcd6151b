import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { cn } from '../lib/cn';

export interface TabLink {
  label: string;
  /** A path, or a path with a query ("/audit?tab=mail"), so every tab is linkable. */
  to: To;
  active: boolean;
  /** Tells the tabs apart where `to` is not a string. */
  key?: string;
  /** Drawn after the label (a count in a pill of its own). */
  badge?: ReactNode;
}

interface Look {
  nav?: string;
  list: string;
  link: string;
  /** The link's padding with no badge and with one. */
  plain?: string;
  withBadge?: string;
  active: string;
  idle: string;
}

/** underline: a screen's sections under its header; pills: the views of one list (All · Pending · …). */
const looks: Record<'underline' | 'pills', Look> = {
  underline: {
    nav: 'border-b border-slate-200',
    list: '-mb-px flex gap-6',
    link: 'inline-flex h-10 items-center border-b-2 px-0.5 text-sm font-medium transition-colors',
    active: 'border-indigo-600 text-indigo-700',
    idle: 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
  },
  pills: {
    list: 'flex flex-wrap gap-1.5',
    link: cn(
      'inline-flex h-8 items-center rounded-full text-sm font-medium ring-1 transition-colors ring-inset',
      'focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none'
    ),
    withBadge: 'gap-2 pr-1.5 pl-3',
    plain: 'px-3',
    active: 'bg-indigo-600 text-white ring-indigo-600',
    idle: 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50 hover:text-slate-900'
  }
};

/** Sections of one screen, or views of one list, as links: the current one is marked for screen readers too. */
export function TabLinks({ label, tabs, look = 'underline' }: { label: string; tabs: TabLink[]; look?: keyof typeof looks }) {
  const drawn = looks[look];
  return (
    <nav aria-label={label} className={drawn.nav}>
      <ul className={drawn.list}>
        {tabs.map((tab) => (
          <li key={tab.key ?? String(tab.to)}>
            <Link
              to={tab.to}
              aria-current={tab.active ? 'page' : undefined}
              className={cn(drawn.link, tab.badge === undefined ? drawn.plain : drawn.withBadge, tab.active ? drawn.active : drawn.idle)}
            >
              {tab.label}
              {tab.badge}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
