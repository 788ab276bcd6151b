import { Crosshair, type LucideIcon } from 'lucide-react';
import type { ListOrder } from '@shared/queries/lists';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Notice } from '../../components/ui/Notice';
import type { ReviewListView } from './view';
import { emptyText } from './wording';

interface FilteredEmptyProps {
  icon: LucideIcon;
  nounMany: string;
  filters: ReviewListView;
  /** The customer filter as named on screen; null when there is none or it cannot be cleared (a customer's page). */
  customerLabel: string | null;
  /** Clearing a filter never sets a status, so what it clears fits every list's view. */
  onClear: (cleared: Partial<ReviewListView<never>>) => void;
}

/** "No pending withdrawals for olivia@example.com between 1 Nov and 21 Nov 2026.", with a button per filter to clear it. */
export function FilteredEmpty({ icon, nounMany, filters, customerLabel, onClear }: FilteredEmptyProps) {
  const customer = customerLabel !== null && (filters.customer !== null || filters.email !== null);
  const dated = filters.from !== null || filters.to !== null;
  return (
    <EmptyState
      icon={icon}
      title={emptyText(nounMany, filters, customer ? customerLabel : null)}
      description="Nothing matches every filter. Clear one to see more."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {customer && (
            <Button variant="secondary" size="sm" onClick={() => onClear({ customer: null, email: null })}>
              Clear customer
            </Button>
          )}
          {dated && (
            <Button variant="secondary" size="sm" onClick={() => onClear({ from: null, to: null })}>
              Clear dates
            </Button>
          )}
          {filters.status && (
            <Button variant="secondary" size="sm" onClick={() => onClear({ status: null, order: null })}>
              Show all statuses
            </Button>
          )}
        </div>
      }
    />
  );
}

const fromWords: Record<ListOrder, string> = { newest: 'Show from the newest', oldest: 'Show from the oldest', largest: 'Show from the largest' };

/** Above the table when the list starts at a record opened by id (the top bar's search). */
export function FocusNote({ noun, order, onShowAll }: { noun: string; order: ListOrder; onShowAll: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-amber-200 bg-amber-50/70 px-5 py-2.5">
      <p className="flex items-center gap-2 text-sm text-amber-900">
        <Crosshair aria-hidden className="size-4 text-amber-600" />
        Showing from the {noun} you opened
      </p>
      <Button variant="secondary" size="sm" onClick={onShowAll}>
        {fromWords[order]}
      </Button>
    </div>
  );
}

interface RefusedNoticeProps {
  reason: string;
  onClearDates?: () => void;
  onNewest?: () => void;
}

/** A combination Firestore cannot serve (a copied link with Largest and dates): said, never sent. */
export function RefusedNotice({ reason, onClearDates, onNewest }: RefusedNoticeProps) {
  return (
    <Notice tone="info">
      <p>{reason}</p>
      {(onClearDates || onNewest) && (
        <div className="mt-2.5 flex flex-wrap gap-2">
          {onClearDates && (
            <Button variant="secondary" size="sm" onClick={onClearDates}>
              Clear dates
            </Button>
          )}
          {onNewest && (
            <Button variant="secondary" size="sm" onClick={onNewest}>
              Newest first
            </Button>
          )}
        </div>
      )}
    </Notice>
  );
}
