// The bench's JSON (stable names: README and CI read them) and its human table.
import type { BundleResult } from './bundle';
import type { BenchCounts } from './data';
import type { DashboardResult } from './measureDashboard';
import type { DashboardFillResult } from './measureDashboardFill';
import type { PickerResult } from './measurePicker';
import type { UsersResult } from './measureUsers';
import type { Target } from './targets';
import type { StartResult } from './web';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average when the bench started and ended: other work on the machine skews times. */
  loadAverage: { start: number; end: number };
}

export interface BenchResult {
  scale: number;
  counts: BenchCounts;
  machine: Machine;
  seeding: { ms: number; documents: number; docsPerSecond: number; batchSize: number; concurrency: number };
  readBilling: string;
  dashboard: DashboardResult;
  dashboardFill: DashboardFillResult;
  usersFirstPage: UsersResult['usersFirstPage'];
  usersTenthLoadMore: UsersResult['usersTenthLoadMore'];
  picker: PickerResult;
  bundle: BundleResult;
  webReadyMs: number;
  webReady: StartResult;
  npmRunWeb: StartResult | { error: string };
  targets: Record<string, Target>;
  targetsNote: string;
  notes: string[];
  totalMs: number;
}

const n = (x: number | null | undefined) => (x === null || x === undefined ? '-' : Math.round(x).toLocaleString('en-US'));

/** Rows of [measure, ms, reads, note], aligned in columns. */
export function formatTable(r: BenchResult): string {
  const rows: string[][] = [
    ['path', 'ms', 'reads', ''],
    ['dashboard: aggregations (dashboard.summary)', n(r.dashboard.aggregation.ms), n(r.dashboard.aggregation.reads), `${r.dashboard.aggregation.queries} queries`],
    ['dashboard: read every deposit + withdrawal', n(r.dashboard.readAll.ms), n(r.dashboard.readAll.reads), `${r.dashboard.timeRatio}x slower`],
    ['dashboard, first of a session: first figure', n(r.dashboardFill.firstOfSession.firstMs), '', 'first fresh answer'],
    ['dashboard, first of a session: last figure', n(r.dashboardFill.firstOfSession.lastMs), '', `${r.dashboardFill.figures} dashboard.figure calls at once`],
    ['dashboard, later: first figure', n(r.dashboardFill.withLastFigures.firstMs), '', `${r.dashboardFill.withLastFigures.keptFigures} kept figures`],
    ['dashboard, later: last figure', n(r.dashboardFill.withLastFigures.lastMs), '', ''],
    ['users: first page', n(r.usersFirstPage.ms), n(r.usersFirstPage.reads), `${r.usersFirstPage.rows} rows`],
    ['users: 10th Load More', n(r.usersTenthLoadMore?.ms), n(r.usersTenthLoadMore?.reads), r.usersTenthLoadMore ? `${r.usersTenthLoadMore.rows} rows` : 'too few users'],
    [`picker: users.search "${r.picker.text}"`, n(r.picker.search.ms), n(r.picker.search.reads), `${r.picker.search.queries} queries, ${r.picker.search.rows} users`],
    ['picker: read every user, filter in memory', n(r.picker.readAll.ms), n(r.picker.readAll.reads), `${r.picker.timeRatio}x slower`],
    ['browser mode start (web.js to ready line)', n(r.webReadyMs), '', ''],
    ['npm run web without build', 'ms' in r.npmRunWeb ? n(r.npmRunWeb.ms) : 'failed', '', ''],
    ['renderer bundle, gzip bytes', n(r.bundle.gzipBytes), '', `${r.bundle.files} files`],
    ['sign-in route JavaScript, gzip bytes', n(r.bundle.signInRoute.jsGzipBytes), '', `${r.bundle.signInRoute.files.length} files`]
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) => row.map((cell, c) => (c === 0 || c === 3 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd();
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line), ''];
  for (const [name, t] of Object.entries(r.targets)) out.push(`${t.met ? 'MET   ' : 'MISSED'} ${name}: ${t.detail}`);
  out.push(
    '',
    `scale ${r.scale}: ${n(r.counts.users)} users, ${n(r.counts.deposits)} deposits, ${n(r.counts.withdrawals)} withdrawals; seeded in ${n(r.seeding.ms)} ms; whole bench ${n(r.totalMs)} ms`,
    `machine: ${r.machine.cpus} x ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, node ${r.machine.node}, load ${r.machine.loadAverage.start} -> ${r.machine.loadAverage.end}`
  );
  return out.join('\n');
}
