import { useTheme } from './theme';

/**
 * The colours a chart draws with. Recharts writes them into SVG attributes, which the dark theme's
 * colour variables (dark-theme.css) cannot reach, so each theme has its own here.
 */
export interface ChartInk {
  grid: string;
  axis: string;
  tick: string;
  /** Behind the day under the pointer. */
  cursor: string;
  deposited: string;
  withdrawn: string;
}

/** Tailwind's slate-200, slate-300, slate-500, slate-100, indigo-600 and amber-500. */
const light: ChartInk = { grid: '#e2e8f0', axis: '#cbd5e1', tick: '#64748b', cursor: '#f1f5f9', deposited: '#4f46e5', withdrawn: '#f59e0b' };

/** On the dark card: slate-800, slate-700, slate-400, slate-800, indigo-400 and amber-400. */
const dark: ChartInk = { grid: '#1e293b', axis: '#334155', tick: '#94a3b8', cursor: '#1e293b', deposited: '#818cf8', withdrawn: '#fbbf24' };

export const useChartInk = (): ChartInk => useTheme((state) => (state.dark ? dark : light));
