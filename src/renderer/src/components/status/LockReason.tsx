import * as Tooltip from '@radix-ui/react-tooltip';
import { Lock } from 'lucide-react';

/**
 * The lock beside a control that can no longer change, with the reason as its name and tooltip:
 * focusable, so the reason is reachable by keyboard and read out by screen readers too.
 */
export function LockReason({ reason, id }: { reason: string; id?: string }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <span
          id={id}
          role="img"
          aria-label={reason}
          tabIndex={0}
          className="inline-flex size-7 shrink-0 cursor-help items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600"
        >
          <Lock className="size-3.5" aria-hidden />
        </span>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={6}
          className="z-50 max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs/5 text-white shadow-md"
        >
          {reason}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
