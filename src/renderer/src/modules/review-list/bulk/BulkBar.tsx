import { useId, type ReactNode } from 'react';
import { statusLabel } from '@shared/domain/statuses';
import { formatCount } from '../../../lib/format';
import { Button } from '../../../components/ui/Button';
import type { BulkWording } from './BulkDialog';

interface BulkBarProps<S extends string> {
  count: number;
  statuses: readonly S[];
  onSet: (status: S) => void;
  onClear: () => void;
  /** Under the buttons: selecting every matching record, or that they are. */
  note?: ReactNode;
  wording?: BulkWording;
  /** Statuses offered but not in bulk, each with why (a credit or payout while a txid is required); null: not known yet. */
  oneByOne?: Partial<Record<string, string | null>>;
}

/** Over the table while rows are selected: how many, one button per status (or the list's own action), Clear, and the matching note. */
export function BulkBar<S extends string>({ count, statuses, onSet, onClear, note, wording, oneByOne = {} }: BulkBarProps<S>) {
  const whyId = useId();
  const why = [...new Set(statuses.flatMap((status) => oneByOne[status] ?? []))];
  return (
    <div role="region" aria-label="Selected rows" className="space-y-1.5 border-b border-indigo-100 bg-indigo-50/70 px-5 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-2 text-sm font-medium text-indigo-950 tabular-nums" aria-live="polite">
          {formatCount(count)} selected
        </p>
        {statuses.map((status) => {
          const held = status in oneByOne;
          return (
            <Button
              key={status}
              variant="secondary"
              size="sm"
              disabled={held}
              aria-describedby={oneByOne[status] ? whyId : undefined}
              onClick={() => onSet(status)}
            >
              {wording ? wording.button : `Set ${statusLabel(status)}`}
            </Button>
          );
        })}
        <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
          Clear
        </Button>
      </div>
      {why.length > 0 && (
        <p id={whyId} className="text-sm text-indigo-950">
          {why.join(' ')}
        </p>
      )}
      {note}
    </div>
  );
}
