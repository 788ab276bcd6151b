// The withdrawal decision's risk panel (issue 13): withdrawals.risk for the queue's oldest pending
// withdrawal, with the documents it reports reading (the withdrawal, its customer, the withdrawals
// to its address up to the cap, the first successful deposit and the first withdrawal), besides
// the caps' read of the customer's withdrawals of the last 30 days (issue 28: at most 200).
import type { BenchApp } from './app';
import { timedRuns } from './timing';

export const RISK_DOCUMENT_LIMIT = 25;

export interface RiskResult {
  withdrawal: string;
  ms: number;
  runsMs: number[];
  documents: number;
  /** Of `documents`, the customer's withdrawals of the last 30 days the caps read (bounded by their own limit). */
  windowDocuments: number;
  warnings: string[];
}

export async function measureRisk(app: BenchApp, withdrawalId: string, runs: number, log: (line: string) => void): Promise<RiskResult> {
  log(`risk panel: ${runs} x withdrawals.risk...`);
  const timed = await timedRuns(runs, () => app.call('withdrawals.risk', { id: withdrawalId }));
  log(`risk panel: ${timed.runsMs.join(' / ')} ms, ${timed.value.documentsRead} documents`);
  return {
    withdrawal: withdrawalId,
    ms: timed.ms,
    runsMs: timed.runsMs,
    documents: timed.value.documentsRead,
    windowDocuments: timed.value.windows.d30.read,
    warnings: timed.value.warnings.map((w) => w.code)
  };
}
