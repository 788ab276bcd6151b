import type { UseQueryResult } from '@tanstack/react-query';
import type { To } from 'react-router-dom';
import type { StatusCounts } from '@shared/contract';
import { statusLabel } from '@shared/domain/statuses';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { TabLinks } from '../../components/TabLinks';
import { Skeleton } from '../../components/ui/Skeleton';

interface StatusTabsProps<S extends string> {
  /** "Withdrawals by status" */
  label: string;
  statuses: readonly S[];
  current: S | null;
  counts: UseQueryResult<StatusCounts>;
  /** The link of the list in that status (null: every status). */
  linkTo: (status: S | null) => To;
  /** A tab beside the statuses that is not one (Investments: Due); while it is the current one, no status is. */
  extra?: ExtraTab;
}

export interface ExtraTab {
  label: string;
  to: To;
  count: number | undefined;
  active: boolean;
}

/** All 200 · Pending 37 · Approved 120 …: one link per status with its count, within the other filters. */
export function StatusTabs<S extends string>({ label, statuses, current, counts, linkTo, extra }: StatusTabsProps<S>) {
  const all: { status: S | null; label: string; count: number | undefined } = { status: null, label: 'All', count: counts.data?.all };
  const tabs: Array<{ key: string; label: string; count: number | undefined; to: To; active: boolean }> = [
    all,
    ...statuses.map((status) => ({ status, label: statusLabel(status), count: counts.data?.statuses[status] }))
  ].map((tab) => ({ key: tab.status ?? 'all', label: tab.label, count: tab.count, to: linkTo(tab.status), active: !extra?.active && tab.status === current }));
  if (extra) tabs.push({ key: 'extra', ...extra });
  return (
    <TabLinks
      look="pills"
      label={label}
      tabs={tabs.map((tab) => ({
        ...tab,
        badge: (
          <>
            {' '}
            <span
              className={cn(
                'min-w-6 rounded-full px-1.5 text-center text-xs leading-5 tabular-nums',
                tab.active ? 'bg-white text-indigo-700' : 'bg-slate-100 text-slate-600'
              )}
            >
              {tab.count !== undefined ? (
                formatCount(tab.count)
              ) : counts.isError || tab.key === 'extra' ? (
                '—'
              ) : (
                <Skeleton className={cn('inline-block h-3 w-5 align-middle', tab.active && 'bg-white/40')} />
              )}
            </span>
          </>
        )
      }))}
    />
  );
}
