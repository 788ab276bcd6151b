import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** danger: the icon in rose, for a list that could not be loaded (ErrorState). */
  tone?: 'neutral' | 'danger';
}

const iconTones = {
  neutral: { ring: 'bg-slate-100 ring-8 ring-slate-50', icon: 'text-slate-500' },
  danger: { ring: 'bg-rose-50 ring-8 ring-rose-50/50', icon: 'text-rose-600' }
};

export function EmptyState({ icon: Icon, title, description, action, className, tone = 'neutral' }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center px-6 py-14 text-center', className)}>
      <div className={cn('flex size-11 items-center justify-center rounded-full', iconTones[tone].ring)}>
        <Icon className={cn('size-5', iconTones[tone].icon)} aria-hidden />
      </div>
      <h2 className="mt-5 text-base font-semibold text-slate-900">{title}</h2>
      {description && <div className="mt-1.5 max-w-md text-sm/6 text-slate-500">{description}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
