// Dashboard figures two ways: the app's aggregation queries (dashboard.summary) and the original
// admin's way, every deposit and withdrawal read with the client SDK and counted in memory.
import type { Firestore } from 'firebase/firestore';
import type { BenchApp } from './app';
import { summaryAggregations } from './billing';
import { readWholeCollection } from './readAll';
import { addToTally, compareFigures, figuresOfSummary, figuresOfTally, newTally, type Tally } from './tally';
import { round1, timed, timedRuns } from './timing';

export interface DashboardResult {
  aggregation: { ms: number; runsMs: number[]; reads: number; queries: number; indexEntries: number };
  readAll: { ms: number; reads: number };
  /** readAll.ms / aggregation.ms: how many times faster the aggregations are. */
  timeRatio: number;
  /** aggregation.reads / readAll.reads: the share of the read-all way's reads the dashboard costs. */
  readRatio: number;
  figures: { deposits: ReturnType<typeof figuresOfSummary>['deposits']; withdrawals: ReturnType<typeof figuresOfSummary>['withdrawals'] };
  /** Seeded, aggregated and counted figures agree (sums within a few cents). */
  figuresMatch: boolean;
  mismatches: string[];
}

export async function measureDashboard(
  app: BenchApp,
  db: Firestore,
  expected: { deposits: Tally; withdrawals: Tally },
  runs: number,
  log: (line: string) => void
): Promise<DashboardResult> {
  log(`dashboard: ${runs} x dashboard.summary (aggregations)...`);
  const aggregated = await timedRuns(runs, () => app.call('dashboard.summary', {}));
  const billed = summaryAggregations(aggregated.value);
  log(`dashboard: aggregations ${aggregated.runsMs.join(' / ')} ms, ${billed.reads} reads`);

  log('dashboard: reading every deposit and withdrawal with the client SDK (both at once)...');
  const deposits = newTally();
  const withdrawals = newTally();
  const readAll = await timed(() =>
    Promise.all([
      readWholeCollection(db, 'deposits', (d) => addToTally(deposits, d, 'success')),
      readWholeCollection(db, 'withdrawals', (d) => addToTally(withdrawals, d, 'approved'))
    ])
  );
  const reads = readAll.value[0] + readAll.value[1];
  log(`dashboard: read-all ${Math.round(readAll.ms)} ms, ${reads} reads`);

  const fromSummary = figuresOfSummary(aggregated.value);
  const fromTally = { deposits: figuresOfTally(deposits, 'success', 'failed'), withdrawals: figuresOfTally(withdrawals, 'approved', 'rejected') };
  const fromSeed = {
    deposits: figuresOfTally(expected.deposits, 'success', 'failed'),
    withdrawals: figuresOfTally(expected.withdrawals, 'approved', 'rejected')
  };
  const mismatches = [
    ...compareFigures(fromSummary, fromSeed).map((m) => `summary vs seeded: ${m}`),
    ...compareFigures(fromTally, fromSeed).map((m) => `read-all vs seeded: ${m}`)
  ];
  return {
    aggregation: { ms: aggregated.ms, runsMs: aggregated.runsMs, reads: billed.reads, queries: billed.queries, indexEntries: billed.indexEntries },
    readAll: { ms: round1(readAll.ms), reads },
    timeRatio: round1(readAll.ms / Math.max(1, aggregated.ms)),
    readRatio: Math.round((billed.reads / Math.max(1, reads)) * 1e6) / 1e6,
    figures: fromSummary,
    figuresMatch: mismatches.length === 0,
    mismatches
  };
}
