import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useDashboardSummary } from './api/dashboard-summary';
import { StatSection } from './components/StatSection';
import { depositStats, withdrawalStats } from './stats';

export function DashboardPage() {
  const summary = useDashboardSummary();
  const data = summary.data;
  // A click while a refresh is running joins it instead of starting another.
  const refresh = () => void summary.refetch({ cancelRefetch: false });

  const actions = (
    <>
      {data && (
        <p className="text-sm text-slate-500">
          As of <time dateTime={data.asOf}>{formatDateTime(data.asOf)}</time>
        </p>
      )}
      <Button variant="secondary" aria-label="Refresh" aria-busy={summary.isFetching} onClick={refresh}>
        <RefreshCw aria-hidden className={cn(summary.isFetching && 'animate-spin')} />
        Refresh
      </Button>
    </>
  );

  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description="Withdrawal and deposit activity across the platform."
        actions={actions}
      />

      {summary.isError && !data ? (
        <Card>
          <ErrorState
            title="Couldn't load the dashboard"
            message={errorMessage(summary.error)}
            onRetry={refresh}
            retrying={summary.isFetching}
          />
        </Card>
      ) : (
        <>
          <StatSection
            title="Withdrawals"
            description="Customers' requests to take money out."
            stats={data && withdrawalStats(data.withdrawals)}
          />
          <StatSection
            title="Deposits"
            description="Money customers have sent in."
            stats={data && depositStats(data.deposits)}
          />
        </>
      )}
    </div>
  );
}
