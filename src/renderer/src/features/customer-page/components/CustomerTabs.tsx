import { Link } from 'react-router-dom';
import { Skeleton } from '../../../components/ui/Skeleton';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { tabLabel, customerTabs, type CustomerTab } from '../tabs';

/** A tab's count: a number, undefined while it is asked, null when it could not be told. */
export type TabCounts = Record<CustomerTab, number | null | undefined>;

/** The sections of the customer's page as links (?tab=...), each with how many records it holds. */
export function CustomerTabs({ active, counts }: { active: CustomerTab; counts: TabCounts }) {
  return (
    <nav aria-label="Customer records" className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-6">
        {customerTabs.map((tab) => {
          const count = counts[tab];
          const current = tab === active;
          return (
            <li key={tab}>
              <Link
                to={`?tab=${tab}`}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex h-10 items-center gap-2 border-b-2 px-0.5 text-sm font-medium transition-colors',
                  current ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
                )}
              >
                {tabLabel(tab)}
                {count === undefined ? (
                  <Skeleton className="h-4 w-5 rounded-full" />
                ) : count === null ? null : (
                  <>
                    <span
                      aria-hidden
                      className={cn('rounded-full px-1.5 text-xs tabular-nums', current ? 'bg-indigo-50 text-indigo-700' : 'bg-slate-100 text-slate-600')}
                    >
                      {formatCount(count)}
                    </span>
                    {/* Read as "Deposits (6)". */}
                    <span className="sr-only">({formatCount(count)})</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
