import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { VerificationCounts } from '@shared/contract';
import { lists, type ListOrder } from '@shared/queries/lists';
import { kycStatuses } from '@shared/schemas/lists';
import { SelectField } from '../../../components/ui/SelectField';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Tip } from '../../../components/ui/Tip';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { kycLabels, kycReason, orderLabels, searchOf, type CustomersView } from '../filters';
import { paths } from '../../../lib/paths';

interface Chip {
  label: string;
  /** The view this chip shows. */
  view: CustomersView;
  active: boolean;
  count: number | undefined;
  /** Why this choice cannot be listed: the chip is shown, with its count, but cannot be chosen. */
  disabledReason?: string | null;
}

const chipClasses = 'inline-flex h-8 items-center gap-2 rounded-full pr-1.5 pl-3 text-sm font-medium ring-1 transition-colors ring-inset';

function CountPill({ count, active, failed }: { count: number | undefined; active: boolean; failed: boolean }) {
  return (
    <span
      className={cn(
        'min-w-6 rounded-full px-1.5 text-center text-xs leading-5 tabular-nums',
        active ? 'bg-white text-indigo-700' : 'bg-slate-100 text-slate-600'
      )}
    >
      {count !== undefined ? formatCount(count) : failed ? '—' : <Skeleton className="inline-block h-3 w-5 align-middle" />}
    </span>
  );
}

/** One filter's choices as links (the URL is the filter), each with how many customers it holds. */
function ChipGroup({ label, chips, failed }: { label: string; chips: Chip[]; failed: boolean }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-1.5">
      <span id={labelId} className="mr-1 text-sm font-medium text-slate-600">
        {label}
      </span>
      {chips.map((chip) =>
        chip.disabledReason ? (
          <Tip key={chip.label} side="bottom" className="text-xs leading-5" content={chip.disabledReason}>
            {/* Focusable, so the reason can be read from the keyboard too; it leads nowhere. */}
            <span
              role="link"
              aria-disabled="true"
              tabIndex={0}
              className={cn(
                chipClasses,
                'cursor-not-allowed bg-slate-50 text-slate-500 ring-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none'
              )}
            >
              {chip.label}
              <CountPill count={chip.count} active={false} failed={failed} />
            </span>
          </Tip>
        ) : (
          <Link
            key={chip.label}
            to={`${paths.users}${searchOf(chip.view)}`}
            aria-current={chip.active ? 'true' : undefined}
            className={cn(
              chipClasses,
              'focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
              chip.active ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50 hover:text-slate-900'
            )}
          >
            {chip.label}
            <CountPill count={chip.count} active={chip.active} failed={failed} />
          </Link>
        )
      )}
    </div>
  );
}

/**
 * Verified and KYC status as chips with their counts (over all customers). The
 * counts are aggregations; "None" is counted but cannot be listed, and says why.
 */
export function CustomersFilters({ view, counts }: { view: CustomersView; counts: UseQueryResult<VerificationCounts> }) {
  const c = counts.data;
  const verified: Chip[] = [
    { label: 'All', view: { ...view, verified: null }, active: view.verified === null, count: c?.all },
    { label: 'Verified', view: { ...view, verified: true }, active: view.verified === true, count: c?.verified.yes },
    { label: 'Not verified', view: { ...view, verified: false }, active: view.verified === false, count: c?.verified.no }
  ];
  const kyc: Chip[] = [
    { label: 'All', view: { ...view, kyc: null }, active: view.kyc === null, count: c?.all },
    ...kycStatuses.map((status) => ({
      label: kycLabels[status],
      view: { ...view, kyc: status },
      active: view.kyc === status,
      count: c?.kyc[status],
      disabledReason: kycReason(status)
    }))
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-8 gap-y-3">
      <ChipGroup label="Verified" chips={verified} failed={counts.isError} />
      <ChipGroup label="KYC" chips={kyc} failed={counts.isError} />
    </div>
  );
}

/** Newest first, oldest first or highest balance first, within the filters. */
export function CustomersOrder({ view }: { view: CustomersView }) {
  const navigate = useNavigate();
  if (view.kyc === 'expired') return <p className="text-sm text-slate-600">Listed by expiry date, expired longest ago first</p>;
  return (
    <SelectField
      label="Order"
      value={view.order}
      options={lists.users.orders.map((order) => ({ value: order, label: orderLabels[order] }))}
      onChange={(order) => navigate(`${paths.users}${searchOf({ ...view, order: order as ListOrder })}`)}
    />
  );
}
