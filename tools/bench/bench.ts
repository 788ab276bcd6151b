// `npm run bench [-- --scale F]`: seeds its own emulators with firebase-admin and measures, in one
// run and through the app's own composition root, the paths issues 6, 12 and 15 set targets for. One JSON
// object on stdout, progress and a table on stderr; exit 0 even when a target is missed.
import os from 'node:os';
import path from 'node:path';
import { ensureEmulators, type RunningEmulators } from '../devenv/emulators';
import { createAuthAccounts } from '../devenv/seed';
import { startApp, type BenchApp } from './app';
import { BENCH_PARTS, measures, parseArgs, USAGE } from './args';
import { BILLING_FORMULA } from './billing';
import { ensureBuilt, measureBundle } from './bundle';
import { adminClient, type AdminClient } from './client';
import { benchSet, PLAN_DURATIONS, scaledCounts } from './data';
import { measureCustomerPage } from './measureCustomerPage';
import { measureDue } from './measureDue';
import { measureFiltered } from './measureFiltered';
import { journalTarget, measureJournal } from './measureJournal';
import { changedTarget, measureChanged } from './measureChanged';
import { measureNightly, nightlyTargets } from './measureNightly';
import { measureOutbox, outboxTarget } from './measureOutbox';
import { measureReconciliation, timedStore } from './measureReconciliation';
import { measureRisk } from './measureRisk';
import { measureQueue } from './measureQueue';
import { measureDashboard } from './measureDashboard';
import { measureDashboardFill } from './measureDashboardFill';
import { measureTrend, trendTarget } from './measureTrend';
import { measurePicker } from './measurePicker';
import { measureUsers } from './measureUsers';
import { typedPrefix } from './picker';
import { killAllChildren, stopAllChildren } from './processes';
import { READ_ALL_PAGE } from './readAll';
import { formatTable, type BenchResult, type Machine } from './report';
import { dueTarget, queueTargets } from './queueTargets';
import { BATCH_SIZE, seedCollections } from './seeder';
import { evaluateTargets, reconciliationTargets, type Target } from './targets';
import { measureNpmRunWeb, measureWebReady } from './web';
import { runSoak } from './soak';

const root = path.resolve(__dirname, '../..');
const HOUR = 3_600_000;
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const load = () => Math.round(os.loadavg()[0]! * 100) / 100;

let emulators: RunningEmulators | null = null;
let app: BenchApp | null = null;
let client: AdminClient | null = null;
let interrupted = false;

async function cleanUp(): Promise<void> {
  await stopAllChildren();
  await Promise.allSettled([app?.close(), client?.close()]);
  app = client = null;
  await emulators?.stop();
}

function onSignal(signal: NodeJS.Signals): void {
  if (interrupted) return;
  interrupted = true;
  log(`${signal}: stopping the emulators and the processes the bench started...`);
  void cleanUp().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
}

async function main(): Promise<void> {
  const started = performance.now();
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const cpus = os.cpus();
  const loadAtStart = load();
  if (args.soak) return soak(started);

  const wants = (part: (typeof BENCH_PARTS)[number]) => measures(args, part);
  // Only the bundle and start-up need the build; every other part measures through the app in this process.
  const buildMs = wants('web') ? await ensureBuilt(root, args.build, log) : undefined;

  // Always our own emulators on free ports: never seed into emulators named by the environment.
  log('starting Firestore and Auth emulators on free ports...');
  emulators = await ensureEmulators({ authPort: 0, firestorePort: 0, fresh: true, log });
  log(`emulators: Auth ${emulators.authHost}, Firestore ${emulators.firestoreHost}`);
  await createAuthAccounts(emulators);

  const counts = scaledCounts(args.scale);
  log(
    `seeding ${Object.entries(counts)
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
      .join(', ')}...`
  );
  const set = benchSet(counts, Math.floor(Date.now() / HOUR) * HOUR);
  const seeded = await seedCollections(emulators, set.jobs, { concurrency: args.concurrency, log });
  const expected = set.expected;
  const { heavy, range } = set;
  const emails = set.people.map((p) => p.email);
  const pickerText = typedPrefix(emails, Math.floor(emails.length / 2));
  let warmText = typedPrefix(emails, Math.floor(emails.length / 3));
  for (let k = 1; warmText === pickerText; k++) warmText = typedPrefix(emails, Math.floor(emails.length / 3) + k);

  const runStore = timedStore();
  app = await startApp(emulators, { reconciliationStore: runStore.wrap });
  client = await adminClient(emulators);
  // Only the parts measured through the app are warmed up for: the others read with firebase-admin.
  if ((['queues', 'due', 'reconciliation', 'dashboard', 'users', 'picker'] as const).some(wants)) {
    log('warming up (one untimed users page and search)...');
    await app.call('users.list', {});
    await app.call('users.search', { text: warmText });
  }

  let reviewQueues: BenchResult['reviewQueues'] = null;
  if (wants('queues')) {
    const queue = await measureQueue(app, client.db, args.runs, args.loadMoreSeconds, log);
    const filtered = await measureFiltered(app, client.db, heavy, range, args.runs, log);
    const customerPage = await measureCustomerPage(app, heavy, args.runs, log);
    const risk = queue.queue.oldest ? await measureRisk(app, queue.queue.oldest.id, args.runs, log) : null;
    reviewQueues = { queue, filtered, customerPage, risk };
  }

  // A part that fails (a call past the app's 45 s deadline on a loaded machine) is reported missed; the others still run.
  const failed: Record<string, string> = {};
  const attempt = async <T>(name: string, part: () => Promise<T>): Promise<T | null> => {
    try {
      return await part();
    } catch (error) {
      failed[name] = error instanceof Error ? error.message : String(error);
      log(`${name}: not measured (${failed[name]})`);
      return null;
    }
  };
  const investmentsDue = wants('due') ? await attempt('investmentsDuePages', () => measureDue(app!, client!.db, PLAN_DURATIONS, args.runs, log)) : null;

  // Once, like the read-all paths: it reads every customer and their settled records.
  const reconciliation = wants('reconciliation')
    ? await attempt('reconciliationReads', () =>
        measureReconciliation(
          app!,
          client!.db,
          {
            successfulDeposits: expected.deposits.byStatus.success ?? 0,
            approvedWithdrawals: expected.withdrawals.byStatus.approved ?? 0,
            reconciliation: expected.reconciliation
          },
          log,
          runStore.times
        )
      )
    : null;

  // The server's nightly run over the same customers, one page per task.
  const reconciliationExpected = {
    successfulDeposits: expected.deposits.byStatus.success ?? 0,
    approvedWithdrawals: expected.withdrawals.byStatus.approved ?? 0,
    reconciliation: expected.reconciliation
  };
  const nightly = wants('nightly') ? await attempt('nightlyReads', () => measureNightly(emulators!, reconciliationExpected, log)) : null;
  const outbox = wants('outbox') ? await attempt('outboxDelivery', () => measureOutbox(emulators!, log)) : null;

  // The journal handler's cost per customer write: what it asks of Firestore, whatever the scale.
  const journal = wants('journal') ? await attempt('journalWrites', () => measureJournal(emulators!, set.people, log)) : null;

  const dashboard = wants('dashboard') ? await measureDashboard(app, client.db, expected, args.runs, log) : null;
  const dashboardFill = wants('dashboard') ? await measureDashboardFill(app, args.runs, log) : null;
  const trend = wants('dashboard') ? await attempt('trendReads', () => measureTrend(emulators!, app!, args.runs, log)) : null;
  const users = wants('users') ? await measureUsers(app, args.runs, log) : null;
  const picker = wants('picker') ? await measurePicker(app, client.db, pickerText, args.runs, log) : null;
  // Last of the parts that read the seed: it gives every customer a journal head and moves some balances.
  const changed = wants('changed')
    ? await attempt('changedNightReads', () =>
        measureChanged(
          emulators!,
          {
            successfulDeposits: reconciliationExpected.successfulDeposits,
            approvedWithdrawals: reconciliationExpected.approvedWithdrawals,
            adjustmentEntries: expected.reconciliation.adjustmentEntries
          },
          log,
          args.scale
        )
      )
    : null;
  await Promise.allSettled([app.close(), client.close()]);
  app = client = null;

  let bundle: Awaited<ReturnType<typeof measureBundle>> | null = null;
  let bundleError: string | null = null;
  try {
    if (buildMs !== undefined) bundle = await measureBundle(root, buildMs, emulators);
  } catch (error) {
    // out/ is shared: a build running at the same time may have emptied it. The rest still counts.
    bundleError = error instanceof Error ? error.message : String(error);
    log(`bundle: not measured (${bundleError})`);
  }
  let webReady: Awaited<ReturnType<typeof measureWebReady>> | null = null;
  let npmRunWeb: Awaited<ReturnType<typeof measureNpmRunWeb>> | { error: string } | null = null;
  if (wants('web')) {
    log(`web: ${args.runs} x node out/main/web.js to its ready line...`);
    webReady = await measureWebReady(root, emulators, args.runs);
    log('web: tsx tools/devenv/start.ts --web (npm run web without the build) to its ready line...');
    npmRunWeb = await measureNpmRunWeb(root, emulators).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
  }

  const machine: Machine = {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    loadAverage: { start: loadAtStart, end: load() }
  };
  const result: BenchResult = {
    scale: args.scale,
    counts,
    machine,
    seeding: {
      ms: Math.round(seeded.ms),
      documents: seeded.docs,
      docsPerSecond: Math.round(seeded.docs / (seeded.ms / 1000)),
      batchSize: BATCH_SIZE,
      concurrency: args.concurrency
    },
    readBilling: BILLING_FORMULA,
    reviewQueues,
    investmentsDue,
    reconciliation,
    journal,
    nightly,
    changed,
    outbox,
    dashboard,
    dashboardFill,
    trend,
    usersFirstPage: users?.usersFirstPage ?? null,
    usersTenthLoadMore: users?.usersTenthLoadMore ?? null,
    picker,
    bundle,
    webReadyMs: webReady?.ms ?? null,
    webReady,
    npmRunWeb,
    targets: {
      ...(reviewQueues ? queueTargets(reviewQueues.queue, reviewQueues.filtered, reviewQueues.customerPage, reviewQueues.risk) : {}),
      ...(investmentsDue ? { investmentsDuePages: dueTarget(investmentsDue) } : {}),
      ...(reconciliation ? reconciliationTargets(reconciliation) : {}),
      ...(journal ? { journalWrites: journalTarget(journal) } : {}),
      ...(nightly ? nightlyTargets(nightly) : {}),
      ...(changed ? { changedNightReads: changedTarget(changed) } : {}),
      ...(outbox ? { outboxDelivery: outboxTarget(outbox) } : {}),
      ...(trend ? { trendReads: trendTarget(trend) } : {}),
      ...Object.fromEntries(Object.entries(failed).map(([name, message]) => [name, { met: false, detail: `not measured: ${message}` }])),
      ...(dashboard && dashboardFill && users && picker
        ? withoutBundle(
            evaluateTargets({
              dashboard,
              picker,
              usersFirstPage: users.usersFirstPage,
              usersTenthLoadMore: users.usersTenthLoadMore,
              signInRoute: bundle?.signInRoute ?? { jsGzipBytes: Number.NaN },
              dashboardFill
            }),
            bundle !== null
          )
        : {})
    },
    targetsNote:
      args.scale === 1 ? 'targets are set for this scale (the default)' : `targets are set for the default scale (1); this run is scale ${args.scale}`,
    notes: [
      `ms: median of ${args.runs} runs (runsMs lists them) after one untimed warm-up; read-all paths run once.`,
      `read-all: Firebase JS client SDK signed in as the administrator, pages of ${READ_ALL_PAGE} ordered by document id; deposits and withdrawals read at the same time.`,
      'timeRatio = read-all ms / measured path ms; readRatio = aggregation reads / read-all reads.',
      'The Firestore emulator scans where production uses indexes, so these time ratios understate production: compare reads too.',
      'picker reads: users.search reports the documents each of its prefix queries returned; a query that returns nothing still bills one read.',
      'users pages: users.list returns rows only; the "of N" count is users.count, asked alongside by the screen.',
      'investments.due: each page asks one query per plan duration in use, each of at most page size + 1 documents; the bench reports that bound and times page 1 (which also counts) against page 10.',
      "review queues: documents = what the page query returned (its rows plus the one saying more follow); count reads = the first page's aggregations (total, and records without the sort field), 1 per 1,000 matching records, so they grow with the matching records while documents do not.",
      'reconciliation: one run (reconciliation.start, then reconciliation.run every 250 ms until it ends); documents = customers, records and adjustment entries its streams returned; reads = what the run billed itself (an empty query costs 1); its count of customers (an aggregation) is apart; heap = this process (the main-process code runs here) after a full collection, every second.',
      "nightly: the server's run (server/platform/reconciliation.ts), its tasks handed over one at a time as Cloud Tasks would; reads = what the run billed itself; heap = this process after a full collection, before each task and every 250 ms during it.",
      'changed: the nightly check of the changed customers only (server/platform/nightlyCheck.ts), after every customer was given a genesis entry and a verified head; each night changes 1,000 then 5,000 customers at scale 1 (scaled with the customers) spread over the ids (one outside entry each) and reads them, the rolling 30th and two sums; reads = what the check billed itself.',
      "outbox: the platform's mail handlers as the demo runs them (a listener for the trigger) against a local SMTP sink, no desktop running; each e-mail timed from queued to marked sent.",
      "journal: the journalMoneyChanges handler given customers' writes as their events (by Ledgerdesk, outside it, no money field, delivered twice); calls = every method it called on the database it was handed; entries = a collection-group count afterwards.",
      ...(args.only.length < BENCH_PARTS.length
        ? [`--only ${args.only.join(',')}: ${BENCH_PARTS.filter((part) => !args.only.includes(part)).join(', ')} not measured.`]
        : []),
      ...(bundleError ? [`bundle not measured: ${bundleError}`] : [])
    ],
    totalMs: Math.round(performance.now() - started)
  };
  await new Promise<void>((done) => process.stdout.write(`${JSON.stringify(result)}\n`, () => done()));
  process.stderr.write(`\n${formatTable(result)}\n`);
}

/** `--soak`: a shift on fresh emulators, one JSON object on stdout and its MET or MISSED line on stderr. */
async function soak(started: number): Promise<void> {
  log('soak: starting Firestore and Auth emulators on free ports...');
  emulators = await ensureEmulators({ authPort: 0, firestorePort: 0, fresh: true, log });
  await createAuthAccounts(emulators);
  const result = await runSoak(emulators, root, log);
  await new Promise<void>((done) =>
    process.stdout.write(`${JSON.stringify({ soak: result, totalMs: Math.round(performance.now() - started) })}\n`, () => done())
  );
  process.stderr.write(`\nsoak: ${result.met ? 'MET' : 'MISSED'}  ${result.detail}\n`);
}

/** The sign-in route's target needs the bundle; without it that target is left out, not missed. */
function withoutBundle(targets: Record<string, Target>, measured: boolean): Record<string, Target> {
  return measured ? targets : Object.fromEntries(Object.entries(targets).filter(([name]) => name !== 'signInRouteJs'));
}

process.on('exit', killAllChildren);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);

main()
  .then(async () => {
    if (interrupted) return;
    await cleanUp();
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    if (interrupted) return; // the signal handler is stopping everything and exits
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanUp().catch(() => undefined);
    process.exit(1);
  });
