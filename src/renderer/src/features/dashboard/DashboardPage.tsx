import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useDashboardDaily } from './api/dashboard-daily';
import { useDashboardSummary } from './api/dashboard-summary';
import { DailyChart } from './components/DailyChart';
import { StatSection } from './components/StatSection';
import { depositNote, depositStats, withdrawalNote, withdrawalStats } from './stats';

export function DashboardPage() {
  const summary = useDashboardSummary();
  const daily = useDashboardDaily();
  const data = summary.data;
  const fetching = summary.isFetching || daily.isFetching;
  // A click while a refresh is running joins it instead of starting another.
  const refresh = () => {
    void summary.refetch({ cancelRefetch: false });
    void daily.refetch({ cancelRefetch: false });
  };

  const actions = (
    <>
      {data && (
        <p className="text-sm text-slate-500">
          As of <time dateTime={data.asOf}>{formatDateTime(data.asOf)}</time>
        </p>
      )}
      <Button variant="secondary" aria-label="Refresh" aria-busy={fetching} onClick={refresh}>
        <RefreshCw aria-hidden className={cn(fetching && 'animate-spin')} />
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
            onRetry={() => void summary.refetch({ cancelRefetch: false })}
            retrying={summary.isFetching}
          />
        </Card>
      ) : (
        <>
          <StatSection
            title="Withdrawals"
            description="Customers' requests to take money out."
            stats={data && withdrawalStats(data.withdrawals)}
            note={data && withdrawalNote(data.withdrawals)}
          />
          <StatSection
            title="Deposits"
            description="Money customers have sent in."
            stats={data && depositStats(data.deposits)}
            note={data && depositNote(data.deposits)}
          />
        </>
      )}

      <DailyChart query={daily} />
    </div>
  );
}
