import { CircleExclamationPoint, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  error: { box: 'bg-rose-50 text-rose-800 ring-rose-200', icon: 'text-rose-500', Icon: CircleExclamationPoint },
  info: { box: 'bg-indigo-50 text-indigo-900 ring-indigo-200', icon: 'text-indigo-500', Icon: Info },
  /** Worth a second look, never blocking on its own (a withdrawal's risk warnings). */
  warning: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: 'text-amber-500', Icon: TriangleAlert }
} as const;

interface NoticeProps {
  tone: keyof typeof tones;
  children: ReactNode;
  icon?: LucideIcon;
  className?: string;
}

/** An inline message: errors are announced at once (alert), information politely (status). */
export function Notice({ tone, children, icon, className }: NoticeProps) {
  const style = tones[tone];
  const Icon = icon ?? style.Icon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-lg px-3.5 py-3 text-sm ring-1 ring-inset', style.box, className)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', style.icon)} aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
