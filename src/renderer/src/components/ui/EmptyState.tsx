import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center px-6 py-14 text-center', className)}>
      <div className="flex size-11 items-center justify-center rounded-full bg-slate-100 ring-8 ring-slate-50">
        <Icon className="size-5 text-slate-500" aria-hidden />
      </div>
      <h2 className="mt-5 text-base font-semibold text-slate-900">{title}</h2>
      {description && <div className="mt-1.5 max-w-md text-sm/6 text-slate-500">{description}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
