import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDashboardDaily } from './api/dashboard-daily';
import { useDashboardFigures } from './api/dashboard-figures';
import { useDashboardTrend } from './api/dashboard-trend';
import { ChartSection, ChartSkeleton, TrendSkeleton } from './components/ChartSection';
import { StatSection } from './components/StatSection';
import { figuresTime, sectionCards, sectionNote, sections } from './stats';

// The chart library is most of the dashboard's code: it loads on its own, so the cards never wait
// for it, starting as soon as this screen's code is loaded (while signing in, when preloaded then).
const chartModule = import('./components/DailyChart');
const DailyChart = lazy(() => chartModule.then((m) => ({ default: m.DailyChart })));
const trendModule = import('./components/TrendCharts');
const TrendCharts = lazy(() => trendModule.then((m) => ({ default: m.TrendCharts })));

/**
 * The last figures of this session show at once (the main process keeps them), labelled with their
 * time; each card then fills with its fresh figure as its own aggregation answers.
 */
export function DashboardPage() {
  const { cards, fetching: figuresFetching, refetch: refetchFigures } = useDashboardFigures();
  const daily = useDashboardDaily();
  const trend = useDashboardTrend();
  const fetching = figuresFetching || daily.isFetching;
  const refresh = () => {
    refetchFigures();
    void daily.refetch({ cancelRefetch: false });
    void trend.refetch({ cancelRefetch: false });
  };

  const states = Object.values(cards);
  const failures = states.flatMap((s) => (s.kind === 'failed' ? [s] : []));
  const nothingShown = failures.length === states.length && failures.every((f) => f.figure === null);
  // One toast however many cards failed together.
  const firstFailure = failures[0]?.message;
  const toasted = useRef(false);
  useEffect(() => {
    if (firstFailure === undefined) toasted.current = false;
    else if (!toasted.current) {
      toasted.current = true;
      notify.error('Failed to load the dashboard', firstFailure);
    }
  }, [firstFailure]);

  const time = figuresTime(cards);
  const actions = (
    <>
      {time && (
        <p className="text-sm text-slate-500" aria-live="polite">
          {time.updating ? 'Figures from ' : 'As of '}
          <time dateTime={time.asOf}>{formatDateTime(time.asOf)}</time>
          {time.updating && ', updating…'}
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
        description="Withdrawal and deposit activity across the platform, what it owes its customers, the KYC submissions waiting for review and the investments due."
        actions={actions}
      />

      {nothingShown ? (
        <Card>
          <ErrorState title="Couldn't load the dashboard" message={failures[0]?.message ?? ''} onRetry={refetchFigures} retrying={figuresFetching} />
        </Card>
      ) : (
        <>
          {sections.map((section) => (
            <StatSection
              key={section.title}
              title={section.title}
              description={section.description}
              stats={sectionCards(section, cards)}
              note={sectionNote(section, cards)}
              shapes={section.cards.map((card) => ({ wide: card.wide === true, link: card.to !== undefined }))}
              fourAcross={section.fourAcross === true}
            />
          ))}
        </>
      )}

      <Suspense
        fallback={
          <ChartSection busy>
            <ChartSkeleton />
          </ChartSection>
        }
      >
        <DailyChart query={daily} />
      </Suspense>

      <Suspense
        fallback={
          <div aria-busy>
            <TrendSkeleton />
          </div>
        }
      >
        <TrendCharts query={trend} />
      </Suspense>
    </div>
  );
}
