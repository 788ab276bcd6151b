// The bench's JSON (stable names: docs/performance.md and CI read them) and its human table.
import type { BundleResult } from './bundle';
import type { BenchCounts } from './data';
import type { DashboardResult } from './measureDashboard';
import type { CustomerPageResult } from './measureCustomerPage';
import type { DashboardFillResult } from './measureDashboardFill';
import type { TrendResult } from './measureTrend';
import type { DueResult } from './measureDue';
import type { FilteredResult } from './measureFiltered';
import type { JournalResult } from './measureJournal';
import type { ChangedResult } from './measureChanged';
import type { NightlyResult } from './measureNightly';
import type { OutboxResult } from './measureOutbox';
import type { PickerResult } from './measurePicker';
import type { ReconciliationResult } from './measureReconciliation';
import type { QueueResult } from './measureQueue';
import type { RiskResult } from './measureRisk';
import type { CustomersResult } from './measureUsers';
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
  /** Issue 12: the withdrawal queue, a filtered list's 1st and 10th page, the customer page (and the risk panel). */
  reviewQueues: { queue: QueueResult; filtered: FilteredResult; customerPage: CustomerPageResult; risk: RiskResult | null } | null;
  /** Issue 23: investments.due, its 1st and 10th page. */
  investmentsDue: DueResult | null;
  /** Issue 22: one platform-wide reconciliation run. */
  reconciliation: ReconciliationResult | null;
  /** Issue 29: what the journal handler asks of Firestore per customer write. */
  journal: JournalResult | null;
  /** Issue 29: the server's nightly run, one page per task. */
  nightly: NightlyResult | null;
  /** Issue 39: the nightly check of the changed customers only, at 1,000 and 5,000 changed. */
  changed: ChangedResult | null;
  /** Issue 29: e-mails delivered with no desktop running. */
  outbox: OutboxResult | null;
  /** Each part is null when --only (or --queues-only) leaves it out. */
  dashboard: DashboardResult | null;
  dashboardFill: DashboardFillResult | null;
  /** Issue 32: the dashboard's trend, one document per day shown. */
  trend: TrendResult | null;
  usersFirstPage: CustomersResult['usersFirstPage'] | null;
  usersTenthLoadMore: CustomersResult['usersTenthLoadMore'];
  picker: PickerResult | null;
  bundle: BundleResult | null;
  webReadyMs: number | null;
  webReady: StartResult | null;
  npmRunWeb: StartResult | { error: string } | null;
  targets: Record<string, Target>;
  targetsNote: string;
  notes: string[];
  totalMs: number;
}

const n = (x: number | null | undefined) => (x === null || x === undefined ? '-' : Math.round(x).toLocaleString('en-US'));

function dueRows(d: DueResult): string[][] {
  const bound = `at most ${n(d.documentBound)}`;
  return [
    ['investments due: page 1', n(d.page1.ms), bound, `${d.page1.rows} rows of ${n(d.matured)}; counts too; ${d.durations.length} durations`],
    ['investments due: page 10', n(d.page10?.ms), d.page10 ? bound : '', d.page10 ? `${d.page10.rows} rows` : 'fewer than 10 pages']
  ];
}

function reconciliationRows(x: ReconciliationResult): string[][] {
  const mb = (v: number) => `${v >= 0 ? '+' : ''}${v} MB`;
  return [
    [
      'reconciliation run (every customer)',
      n(x.ms),
      n(x.reads),
      `${x.state}; ${n(x.documents)} documents of at most ${n(x.bound.documents)}; +${n(x.countReads)} count reads; ${x.drifted} drifted (planted ${x.expectedDrifted})`
    ],
    [
      'reconciliation run: live heap growth',
      '',
      '',
      `${mb(x.heap.peakGrowthMb)} at most during the run, ${mb(x.heap.retainedGrowthMb)} after it (${x.heap.beforeMb} MB before)`
    ]
  ];
}

function reviewQueueRows(q: QueueResult, f: FilteredResult, c: CustomerPageResult): string[][] {
  const tabRows = Object.entries(c.tabs).map(([name, t]) => [
    `customer page: ${name} tab, first page`,
    '',
    n(t.documents),
    `+${t.countReads} count reads; ${t.rows} rows${t.note ? `; ${t.note}` : ''}`
  ]);
  return [
    [
      'queue: pending withdrawals, oldest first',
      n(q.queue.ms),
      n(q.queue.documents),
      `+${q.queue.countReads} count reads; ${n(q.queue.pending)} pending, ${n(q.queue.unlisted)} without a date`
    ],
    ['queue: status tab counts (withdrawals.counts)', n(q.tabs.ms), n(q.tabs.reads), `${q.tabs.queries} aggregations`],
    ...(q.specWay
      ? [
          [
            "spec's way: newest first, Load More to it",
            n(q.specWay.ms),
            n(q.specWay.documents),
            `+${q.specWay.countReads} count reads; page ${n(q.specWay.pages)}; ${q.specWay.paged.pages === q.specWay.pages ? 'paged for real' : `${n(q.specWay.paged.pages)} pages for real, the rest extrapolated`}`
          ]
        ]
      : []),
    ['filtered list: page 1', n(f.page1.ms), n(f.page1.documents), `+${f.page1.countReads} count reads; ${f.page1.rows} rows of ${n(f.matching)}`],
    ['filtered list: page 10', n(f.page10?.ms), n(f.page10?.documents), f.page10 ? `${f.page10.rows} rows` : 'fewer than 10 pages'],
    [
      'customer page: profile + 7 tabs, one by one',
      n(c.ms),
      n(c.tabDocuments + c.profile.reads),
      `tabs ${c.tabDocuments} (+${c.tabCountReads} count reads), profile ${c.profile.reads}`
    ],
    ...tabRows
  ];
}

/** Rows of [measure, ms, reads, note], aligned in columns; review-queue reads are documents, counts apart. */
export function formatTable(r: BenchResult): string {
  const q = r.reviewQueues?.queue;
  const rows: string[][] = [
    ['path', 'ms', 'reads', ''],
    ...(r.reviewQueues ? reviewQueueRows(r.reviewQueues.queue, r.reviewQueues.filtered, r.reviewQueues.customerPage) : []),
    ...(r.investmentsDue ? dueRows(r.investmentsDue) : []),
    ...(r.reconciliation ? reconciliationRows(r.reconciliation) : []),
    ...(r.journal
      ? [
          [
            'journal: one handler call per customer write',
            n(r.journal.ms),
            n(r.journal.reads),
            `${r.journal.events} events, ${r.journal.appends} appends, ${r.journal.entries} entries, ${r.journal.msPerEvent} ms each`
          ]
        ]
      : []),
    ...(r.nightly
      ? [
          [
            `nightly run on the server: ${r.nightly.tasks} tasks`,
            n(r.nightly.ms),
            n(r.nightly.reads),
            `bound ${n(r.nightly.bound.documents)}, +${r.nightly.peakTaskGrowthMb} MB heap per task at most, ${r.nightly.drifted} drifted (${r.nightly.expectedDrifted} planted)`
          ]
        ]
      : []),
    ...(r.changed
      ? r.changed.nights.map((night) => [
          `nightly check, ${n(night.changed)} changed customers`,
          n(night.ms),
          n(night.reads),
          `bound ${n(night.bound)} (${n(night.sampleReads)} of them the sample of ${n(night.sampled)}); a full run reads at least ${n(r.changed!.fullRunDocuments)}`
        ])
      : []),
    ...(r.outbox
      ? [['outbox: queued to sent, no desktop (slowest)', n(Math.max(...r.outbox.ms)), '', `${r.outbox.delivered} of ${r.outbox.ms.length} delivered`]]
      : [])
  ];
  const dash = r.dashboard;
  const fill = r.dashboardFill;
  if (dash) {
    rows.push(
      ['dashboard: aggregations (dashboard.summary)', n(dash.aggregation.ms), n(dash.aggregation.reads), `${dash.aggregation.queries} queries`],
      ['dashboard: read every deposit + withdrawal', n(dash.readAll.ms), n(dash.readAll.reads), `${dash.timeRatio}x slower`]
    );
  }
  if (fill) {
    rows.push(
      ['dashboard, first of a session: first figure', n(fill.firstOfSession.firstMs), '', 'first fresh answer'],
      ['dashboard, first of a session: last figure', n(fill.firstOfSession.lastMs), '', `${fill.figures} dashboard.figure calls at once`],
      ['dashboard, later: first figure', n(fill.withLastFigures.firstMs), '', `${fill.withLastFigures.keptFigures} kept figures`],
      ['dashboard, later: last figure', n(fill.withLastFigures.lastMs), '', '']
    );
  }
  if (r.trend) rows.push(['dashboard: the money’s trend (dashboard.trend)', n(r.trend.ms), n(r.trend.reads), `${r.trend.days} days, one query`]);
  if (r.usersFirstPage) {
    rows.push(
      ['users: first page', n(r.usersFirstPage.ms), n(r.usersFirstPage.reads), `${r.usersFirstPage.rows} rows`],
      [
        'users: 10th Load More',
        n(r.usersTenthLoadMore?.ms),
        n(r.usersTenthLoadMore?.reads),
        r.usersTenthLoadMore ? `${r.usersTenthLoadMore.rows} rows` : 'too few users'
      ]
    );
  }
  if (r.picker) {
    rows.push(
      [
        `picker: users.search "${r.picker.text}"`,
        n(r.picker.search.ms),
        n(r.picker.search.reads),
        `${r.picker.search.queries} queries, ${r.picker.search.rows} users`
      ],
      ['picker: read every user, filter in memory', n(r.picker.readAll.ms), n(r.picker.readAll.reads), `${r.picker.timeRatio}x slower`]
    );
  }
  if (r.webReadyMs !== null) rows.push(['browser mode start (web.js to ready line)', n(r.webReadyMs), '', '']);
  if (r.npmRunWeb) rows.push(['npm run web without build', 'ms' in r.npmRunWeb ? n(r.npmRunWeb.ms) : 'failed', '', '']);
  if (r.bundle) {
    rows.push(
      ['renderer bundle, gzip bytes', n(r.bundle.gzipBytes), '', `${r.bundle.files} files`],
      ['sign-in page JavaScript fetched in Chromium, gzip bytes', n(r.bundle.signInRoute.jsGzipBytes), '', `${r.bundle.signInRoute.files.length} files`],
      ['sign-in route static closure, gzip bytes', n(r.bundle.signInStaticClosure.jsGzipBytes), '', `${r.bundle.signInStaticClosure.files.length} files`],
      [
        'Log In to the Dashboard (heading, first figures)',
        `${n(r.bundle.signInRoute.signInToDashboardMs)} / ${n(r.bundle.signInRoute.signInToFiguresMs)}`,
        '',
        'ms in Chromium'
      ]
    );
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === 0 || c === 3 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd();
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line), ''];
  for (const [name, t] of Object.entries(r.targets)) out.push(`${t.met ? 'MET   ' : 'MISSED'} ${name}: ${t.detail}`);
  if (q?.specWay) out.push('', `spec's way: ${q.specWay.method}`);
  out.push(
    '',
    `scale ${r.scale}: ${Object.entries(r.counts)
      .map(([k, v]) => `${n(v)} ${k}`)
      .join(', ')}; seeded ${n(r.seeding.documents)} documents in ${n(r.seeding.ms)} ms; whole bench ${n(r.totalMs)} ms`,
    `machine: ${r.machine.cpus} x ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, node ${r.machine.node}, load ${r.machine.loadAverage.start} -> ${r.machine.loadAverage.end}`
  );
  return out.join('\n');
}
