import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './Button';

interface ErrorStateProps {
  title: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

export function ErrorState({ title, message, onRetry, retrying = false, className }: ErrorStateProps) {
  return (
    <div className={cn('flex flex-col items-center px-6 py-14 text-center', className)}>
      <div className="flex size-11 items-center justify-center rounded-full bg-rose-50 ring-8 ring-rose-50/50">
        <TriangleExclamationPoint className="size-5 text-rose-600" aria-hidden />
      </div>
      <h2 className="mt-5 text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1.5 max-w-md text-sm/6 text-slate-500">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-6" onClick={onRetry} busy={retrying}>
          {!retrying && <RefreshCw aria-hidden />}
          Retry
        </Button>
      )}
    </div>
  );
}
