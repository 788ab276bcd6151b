import type { UseQueryResult } from '@tanstack/react-query';
import { ChartColumn, TriangleAlert } from 'lucide-react';
import { Bar, BarChart, ResponsiveContainer, Tooltip, type TooltipContentProps } from 'recharts';
import type { DailyTotals } from '@shared/contract';
import { QueryErrorState } from '../../../components/QueryErrorState';
import { EmptyState } from '../../../components/ui/EmptyState';
import { formatDay, formatMoney, plural } from '../../../lib/format';
import { ChartSection, ChartSkeleton } from './ChartSection';
import { DayTable } from './DayTable';
import { moneyAxes, shortDay } from './money-axes';

/** h-72, so the skeleton and the chart take the same room. */
const CHART_HEIGHT = 288;

// Colours as the theme's variables, so the chart follows light and dark as the page does (dark-theme.css).
const series = [
  { key: 'deposited', name: 'Deposited', color: 'var(--color-indigo-600)' },
  { key: 'withdrawn', name: 'Withdrawn', color: 'var(--color-amber-500)' }
] as const;

type Day = DailyTotals['days'][number];

/** A series' colour swatch and name, as the tooltip and the legend both label their figures. */
function SeriesName({ series: s, className }: { series: (typeof series)[number]; className: string }) {
  return (
    <dt className={`flex items-center gap-2 ${className}`}>
      <span aria-hidden className="size-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
      {s.name}
    </dt>
  );
}

/** "Nov 3" */

function ChartTooltip({ active, payload, label }: TooltipContentProps) {
  if (!active || !payload?.length) return null;
  const day = payload[0]?.payload as Day | undefined;
  if (!day) return null;
  return (
    <div className="min-w-48 rounded-lg bg-white px-3 py-2.5 text-sm shadow-lg ring-1 ring-slate-900/10">
      <p className="font-medium text-slate-900">{formatDay(String(label ?? day.date), 'weekday')}</p>
      <dl className="mt-1.5 space-y-1">
        {series.map((s) => (
          <div key={s.key} className="flex items-center justify-between gap-6">
            <SeriesName series={s} className="text-slate-500" />
            <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(day[s.key])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Totals over the period, beside the legend: the chart's figures as text, for everyone. */
function Legend({ days }: { days: Day[] }) {
  const totals = {
    deposited: days.reduce((sum, d) => sum + d.deposited, 0),
    withdrawn: days.reduce((sum, d) => sum + d.withdrawn, 0)
  };
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2">
      {series.map((s) => (
        <div key={s.key}>
          <SeriesName series={s} className="text-xs font-medium text-slate-500" />
          <dd className="mt-0.5 text-lg font-semibold tracking-tight text-slate-900 tabular-nums">{formatMoney(totals[s.key])}</dd>
        </div>
      ))}
    </dl>
  );
}

function Chart({ days }: { days: Day[] }) {
  return (
    <div style={{ height: CHART_HEIGHT }} aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} barGap={2} barCategoryGap="22%">
          {moneyAxes({ dayKey: 'date', width: 96 })}
          <Tooltip content={ChartTooltip} cursor={{ fill: 'var(--color-slate-100)' }} isAnimationActive={false} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} maxBarSize={14} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Records a day's sum left out because an amount on that day is NaN or infinite: named, never hidden. */
function UnsummedNote({ unsummed }: { unsummed: DailyTotals['unsummed'] | undefined }) {
  if (!unsummed || unsummed.deposits + unsummed.withdrawals === 0) return null;
  const parts = [
    unsummed.deposits > 0 ? plural(unsummed.deposits, 'successful deposit') : null,
    unsummed.withdrawals > 0 ? plural(unsummed.withdrawals, 'approved withdrawal') : null
  ].filter(Boolean);
  return (
    <p role="note" className="mt-3 flex items-start gap-2 text-sm text-amber-800">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {parts.join(' and ')} left out of these days: their amount is not a finite number (NaN or infinite), so the days show the rest.
    </p>
  );
}

/** "Last 30 days": deposited and withdrawn per day, with loading, error and empty states. */
export function DailyChart({ query }: { query: UseQueryResult<DailyTotals> }) {
  const days = query.data?.days;
  const empty = days !== undefined && days.every((d) => d.deposited === 0 && d.withdrawn === 0);

  let body;
  if (query.isError && !days) {
    body = <QueryErrorState query={query} title="Couldn't load the chart" className="py-10" />;
  } else if (!days) {
    body = <ChartSkeleton />;
  } else if (empty) {
    body = (
      <EmptyState
        icon={ChartColumn}
        title="No money moved in the last 30 days"
        description="Successful deposits and approved withdrawals appear here by day."
        className="py-10"
      />
    );
  } else {
    body = (
      <>
        <Legend days={days} />
        <div className="mt-6">
          <Chart days={days} />
        </div>
        <UnsummedNote unsummed={query.data?.unsummed} />
        <DayTable
          caption="Deposited and withdrawn per day, last 30 days"
          rows={days}
          series={series}
          day={(d) => shortDay(d.date)}
          figure={(d, s) => formatMoney(d[s.key])}
        />
      </>
    );
  }

  return <ChartSection busy={!days}>{body}</ChartSection>;
}
