import { Lock } from 'lucide-react';
import { Tip } from '../../components/ui/Tip';

/**
 * The lock beside a control that can no longer change, with the reason as its name and tooltip:
 * focusable, so the reason is reachable by keyboard and read out by screen readers too.
 */
export function LockReason({ reason, id }: { reason: string; id?: string }) {
  return (
    <Tip side="top" className="text-xs/5" content={reason}>
      <span
        id={id}
        role="img"
        aria-label={reason}
        tabIndex={0}
        className="inline-flex size-7 shrink-0 cursor-help items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600"
      >
        <Lock className="size-3.5" aria-hidden />
      </span>
    </Tip>
  );
}
