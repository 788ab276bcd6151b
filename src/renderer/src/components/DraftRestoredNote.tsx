import { History } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './ui/Button';

/**
 * Says, quietly, that the fields hold what the administrator typed earlier (before an idle
 * sign-out, or before leaving the screen), so nothing is sent on a value they did not just type.
 */
export function DraftRestoredNote({
  onDiscard,
  what = 'what you typed earlier is back.',
  className
}: {
  onDiscard: () => void;
  /** After "Draft restored: ". */
  what?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn('flex items-center gap-2.5 rounded-lg bg-slate-50 px-3 py-1.5 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset', className)}
    >
      <History className="size-4 shrink-0 text-slate-400" aria-hidden />
      <span className="flex-1">Draft restored: {what}</span>
      <Button variant="ghost" size="sm" className="-mr-1.5 h-7 px-2" onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}
