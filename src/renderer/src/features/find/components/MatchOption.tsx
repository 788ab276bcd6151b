import { CornerDownLeft } from 'lucide-react';
import type { RecordMatch } from '@shared/contract';
import { StatusBadge } from '../../../modules/status/StatusBadge';
import { cn } from '../../../lib/cn';
import { readDetail } from '../detail';
import { kindLook } from '../record-path';

interface MatchOptionProps {
  id: string;
  match: RecordMatch;
  active: boolean;
  /** The answer shown is the last one while the next search runs. */
  stale: boolean;
  onHover: () => void;
  onOpen: () => void;
}

/** One result: the kind's icon, the label, and its status and date (or a customer's e-mail). */
export function MatchOption({ id, match, active, stale, onHover, onOpen }: MatchOptionProps) {
  const look = kindLook[match.kind];
  const { status, text } = readDetail(match);
  const Icon = look.icon;
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      // Keeps the focus in the box, so the list does not close before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onHover}
      onClick={onOpen}
      className={cn('flex cursor-pointer items-center gap-3 px-3 py-2', active ? 'bg-indigo-50' : 'hover:bg-slate-50', stale && 'opacity-60')}
    >
      <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', look.tint)} title={look.noun}>
        <Icon aria-hidden className="size-4" />
        <span className="sr-only">{look.noun}: </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{match.label}</span>
        {(status || text) && (
          <span className="mt-0.5 flex items-center gap-2 text-xs text-slate-500">
            {status && <StatusBadge status={status} />}
            {text && <span className="truncate">{text}</span>}
          </span>
        )}
      </span>
      {active && <CornerDownLeft aria-hidden className="size-4 shrink-0 text-slate-400" />}
    </li>
  );
}
