import type { UseQueryResult } from '@tanstack/react-query';
import { Link, type To } from 'react-router-dom';
import type { StatusCounts } from '../../../../shared/contract';
import { statusLabel } from '../../../../shared/domain/statuses';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { Skeleton } from '../../components/ui/Skeleton';

interface StatusTabsProps {
  /** "Withdrawals by status" */
  label: string;
  statuses: readonly string[];
  current: string | null;
  counts: UseQueryResult<StatusCounts>;
  /** The link of the list in that status (null: every status). */
  linkTo: (status: string | null) => To;
}

/** All 200 · Pending 37 · Approved 120 …: one link per status with its count, within the other filters. */
export function StatusTabs({ label, statuses, current, counts, linkTo }: StatusTabsProps) {
  const tabs: Array<{ status: string | null; label: string; count: number | undefined }> = [
    { status: null, label: 'All', count: counts.data?.all },
    ...statuses.map((status) => ({ status, label: statusLabel(status), count: counts.data?.statuses[status] }))
  ];
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1.5">
        {tabs.map((tab) => {
          const active = tab.status === current;
          return (
            <li key={tab.status ?? 'all'}>
              <Link
                to={linkTo(tab.status)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex h-8 items-center gap-2 rounded-full pr-1.5 pl-3 text-sm font-medium ring-1 transition-colors ring-inset',
                  'focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                  active ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50 hover:text-slate-900'
                )}
              >
                {tab.label}{' '}
                <span
                  className={cn(
                    'min-w-6 rounded-full px-1.5 text-center text-xs leading-5 tabular-nums',
                    active ? 'bg-white text-indigo-700' : 'bg-slate-100 text-slate-600'
                  )}
                >
                  {tab.count !== undefined ? (
                    formatCount(tab.count)
                  ) : counts.isError ? (
                    '—'
                  ) : (
                    <Skeleton className={cn('inline-block h-3 w-5 align-middle', active && 'bg-white/40')} />
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
