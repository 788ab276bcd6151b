import { useId, type ReactNode } from 'react';
import { Card } from '../../../components/ui/Card';
import { Skeleton } from '../../../components/ui/Skeleton';

/**
 * The "Last 30 days" frame and the charts' loading skeletons, apart from the chart itself: the chart
 * library is most of the dashboard's code, so it loads on its own while the cards fill.
 */
export function ChartSection({ busy, children }: { busy: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div className="mb-4">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Last 30 days
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">Successful deposits and approved withdrawals, per day.</p>
      </div>
      <Card className="p-5">{children}</Card>
    </section>
  );
}

export function ChartSkeleton() {
  return (
    <div aria-hidden>
      <div className="flex gap-8">
        <Skeleton className="h-11 w-32" />
        <Skeleton className="h-11 w-32" />
      </div>
      <Skeleton className="mt-6 h-72 w-full" />
    </div>
  );
}

/** The trend's two cards while they load: the chart library's, then the snapshots'. */
export function TrendSkeleton() {
  return (
    <div aria-hidden className="grid gap-6 xl:grid-cols-2">
      <Skeleton className="h-96 w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
