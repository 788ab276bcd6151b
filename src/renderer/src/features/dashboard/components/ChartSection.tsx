import type { ReactNode } from 'react';
import { PageSection } from '../../../components/PageSection';
import { Card } from '../../../components/ui/Card';
import { Skeleton } from '../../../components/ui/Skeleton';

/**
 * The "Last 30 days" frame and the charts' loading skeletons, apart from the chart itself: the chart
 * library is most of the dashboard's code, so it loads on its own while the cards fill.
 */
export function ChartSection({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <PageSection title="Last 30 days" description="Successful deposits and approved withdrawals, per day." busy={busy}>
      <Card className="p-5">{children}</Card>
    </PageSection>
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
