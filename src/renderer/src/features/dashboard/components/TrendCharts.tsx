import type { UseQueryResult } from '@tanstack/react-query';
import { ChartLine, TriangleAlert } from 'lucide-react';
import { useCallback, useId, type ReactElement } from 'react';
import { Bar, BarChart, Line, LineChart, ResponsiveContainer, Tooltip, type TooltipContentProps } from 'recharts';
import type { DailySnapshotRow, Trend } from '@shared/contract';
import { QueryErrorState } from '../../../components/QueryErrorState';
import { ExportCsvButton } from '../../../components/export/ExportCsvButton';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { formatDay, formatMoney, plural } from '../../../lib/format';
import { figureText, flowSeries, leftOutDays, owedSeries, trendColumns, trendPoints, type TrendPoint } from '../trend';
import { TrendSkeleton } from './ChartSection';
import { DayTable } from './DayTable';
import { moneyAxes } from './money-axes';

/** h-72, so the skeleton and the charts take the same room. */
const CHART_HEIGHT = 288;

type Series = (typeof owedSeries)[number] | (typeof flowSeries)[number];

function Swatch({ series: s }: { series: Series }) {
  return <span aria-hidden className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: s.color }} />;
}

function tooltipOf(series: readonly Series[]) {
  return function TrendTooltip({ active, payload }: TooltipContentProps) {
    const point = payload?.[0]?.payload as TrendPoint | undefined;
    if (!active || !point) return null;
    return (
      <div className="min-w-56 rounded-lg bg-white px-3 py-2.5 text-sm shadow-lg ring-1 ring-slate-900/10">
        <p className="font-medium text-slate-900">{formatDay(point.day, 'weekday')}</p>
        <dl className="mt-1.5 space-y-1">
          {series.map((s) => (
            <div key={s.key} className="flex items-center justify-between gap-6">
              <dt className="flex items-center gap-2 text-slate-500">
                <Swatch series={s} />
                {s.name}
              </dt>
              <dd className="font-medium text-slate-900 tabular-nums">{point[s.key] === null ? 'No snapshot' : formatMoney(point[s.key])}</dd>
            </div>
          ))}
        </dl>
      </div>
    );
  };
}

function Legend({ series }: { series: readonly Series[] }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-xs font-medium text-slate-500" aria-hidden>
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-2">
          <Swatch series={s} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

const axes = moneyAxes({ dayKey: 'day', width: 104 });

interface SeriesChartProps {
  title: string;
  description: string;
  series: readonly Series[];
  trend: Trend;
  group: 'owed' | 'flows';
  /** Names the screen readers' table of the same figures. */
  tableCaption: string;
  /** The chart itself (a LineChart or a BarChart), drawn at the card's width. */
  children: ReactElement;
}

/** One of the trend's cards: its title, the legend, the chart, and the same figures as a table for screen readers. */
function SeriesChart({ title, description, series, trend, group, tableCaption, children }: SeriesChartProps) {
  const headingId = useId();
  const byDay = new Map(trend.snapshots.map((s) => [s.day, s]));
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
        <div className="mt-4">
          <Legend series={series} />
        </div>
        <div className="mt-4" style={{ height: CHART_HEIGHT }} aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
        <DayTable
          caption={tableCaption}
          rows={trend.days}
          series={series}
          day={(day) => formatDay(day)}
          figure={(day, s) => figureText(byDay.get(day), group, s.key)}
        />
      </section>
    </Card>
  );
}

function Charts({ trend }: { trend: Trend }) {
  const points = trendPoints(trend);
  // A new platform has a day or two: dots, so a single point shows.
  const few = points.length <= 3;
  const skipped = leftOutDays(trend);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <SeriesChart
        title="Owed"
        description="At each day’s close: customer balances, pending withdrawals, active principal and what matures within the week."
        series={owedSeries}
        trend={trend}
        group="owed"
        tableCaption="Owed at each day’s close"
      >
        <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          {axes}
          <Tooltip content={tooltipOf(owedSeries)} isAnimationActive={false} />
          {owedSeries.map((s) => (
            <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} dot={few} isAnimationActive={false} connectNulls={false} />
          ))}
        </LineChart>
      </SeriesChart>
      <SeriesChart
        title="Flows by day"
        description="Credited deposits, approved withdrawals, payouts and bonuses, as each day’s decisions moved them."
        series={flowSeries}
        trend={trend}
        group="flows"
        tableCaption="Money moved each day"
      >
        <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} barGap={1} barCategoryGap="18%">
          {axes}
          <Tooltip content={tooltipOf(flowSeries)} cursor={{ fill: 'var(--color-slate-100)' }} isAnimationActive={false} />
          {flowSeries.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[2, 2, 0, 0]} maxBarSize={12} isAnimationActive={false} />
          ))}
        </BarChart>
      </SeriesChart>
      {skipped > 0 && (
        <p role="note" className="flex items-start gap-2 text-sm text-amber-800 xl:col-span-2">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          On {plural(skipped, 'day')}, some records could not be summed (their amount is not a number); the table and the CSV say how many.
        </p>
      )}
    </div>
  );
}

/** "The money’s trend": what the platform owes over 90 days and what moved each day, from the daily snapshots. */
export function TrendCharts({ query }: { query: UseQueryResult<Trend> }) {
  const headingId = useId();
  const trend = query.data;
  const snapshots = trend?.snapshots;
  // The series are already here: the CSV is written from them, without asking again.
  const fetchPage = useCallback(
    async () => ({ rows: snapshots ?? ([] as DailySnapshotRow[]), nextCursor: null, total: snapshots?.length ?? 0, unlisted: null }),
    [snapshots]
  );

  let body;
  if (query.isError && !trend) {
    body = <QueryErrorState query={query} title="Couldn't load the money’s trend" className="py-10" card />;
  } else if (!trend) {
    body = <TrendSkeleton />;
  } else if (trend.days.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={ChartLine}
          title="No daily snapshots yet"
          description="The first is taken once the platform’s first day ends: by the nightly function where it is deployed, or by the first sign-in the next day."
          className="py-10"
        />
      </Card>
    );
  } else {
    body = <Charts trend={trend} />;
  }

  return (
    <section aria-labelledby={headingId} aria-busy={!trend || undefined}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            The money’s trend
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            {trend && trend.days.length > 0
              ? `${plural(trend.days.length, 'day')}, ${formatDay(trend.days[0]!)} to ${formatDay(trend.days.at(-1)!)}, from the daily snapshots.`
              : 'The last 90 days, from the daily snapshots.'}
          </p>
        </div>
        {snapshots && snapshots.length > 0 && (
          <ExportCsvButton fileBaseName="money-trend" noun="the money’s trend" columns={trendColumns} fetchPage={fetchPage} />
        )}
      </div>
      {body}
    </section>
  );
}
