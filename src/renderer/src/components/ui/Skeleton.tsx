import { cn } from '../../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200/70', className)} />;
}

/** A list's place while it loads: grey bars of the given shapes, the whole named for screen readers ("Loading the team"). */
export function LoadingBars({ label, bars, className }: { label: string; bars: readonly string[]; className?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('space-y-3', className)}>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}
