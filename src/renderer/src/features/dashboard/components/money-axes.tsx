import { CartesianGrid, XAxis, YAxis } from 'recharts';
import { formatDay, formatMoney } from '../../../lib/format';

/** A day on a chart's axis: "Nov 28". */
export const shortDay = (day: string) => formatDay(day, 'short');

/**
 * The grid and the axes every money chart on the dashboard draws: days along the bottom, money up the
 * side, in the theme's colours. A fragment of Recharts elements (Recharts reads its chart's children by
 * type, so these cannot be wrapped in a component of ours).
 */
export function moneyAxes({ dayKey, width }: { dayKey: string; width: number }) {
  return (
    <>
      <CartesianGrid vertical={false} stroke="var(--color-slate-200)" />
      <XAxis
        dataKey={dayKey}
        tickFormatter={shortDay}
        tickLine={false}
        axisLine={{ stroke: 'var(--color-slate-300)' }}
        tick={{ fill: 'var(--color-slate-500)', fontSize: 12 }}
        interval="preserveStartEnd"
        minTickGap={24}
        tickMargin={8}
      />
      <YAxis
        tickFormatter={(value: number) => formatMoney(value)}
        tickLine={false}
        axisLine={false}
        tick={{ fill: 'var(--color-slate-500)', fontSize: 12 }}
        width={width}
        allowDecimals={false}
      />
    </>
  );
}
