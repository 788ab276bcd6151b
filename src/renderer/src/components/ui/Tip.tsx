import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A short dark tooltip on one focusable element, passed as the child and rendered as it is.
 * `className` sets what differs between uses, such as the text's line height.
 */
export function Tip({ content, side, className, children }: { content: ReactNode; side: 'top' | 'bottom'; className?: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side={side} sideOffset={6} className={cn('z-50 max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-white shadow-md', className)}>
          {content}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
