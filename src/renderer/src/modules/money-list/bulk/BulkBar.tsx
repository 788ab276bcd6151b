import { statusLabel } from '../../../../../shared/domain/statuses';
import { formatCount } from '../../../lib/format';
import { Button } from '../../../components/ui/Button';

interface BulkBarProps {
  count: number;
  statuses: readonly string[];
  onSet: (status: string) => void;
  onClear: () => void;
}

/** Over the table while rows are selected: how many, one button per status, and Clear. */
export function BulkBar({ count, statuses, onSet, onClear }: BulkBarProps) {
  return (
    <div role="region" aria-label="Selected rows" className="flex flex-wrap items-center gap-2 border-b border-indigo-100 bg-indigo-50/70 px-5 py-2.5">
      <p className="mr-2 text-sm font-medium text-indigo-950 tabular-nums" aria-live="polite">
        {formatCount(count)} selected
      </p>
      {statuses.map((status) => (
        <Button key={status} variant="secondary" size="sm" onClick={() => onSet(status)}>
          Set {statusLabel(status)}
        </Button>
      ))}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}
