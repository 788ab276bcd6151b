// The webmail picker: users.search as the app runs it, against reading every user and filtering in
// memory. users.search reports the documents each of its prefix queries returned.
import type { Firestore } from 'firebase/firestore';
import type { BenchApp } from './app';
import { queryReads } from './billing';
import { matchesInMemory } from './picker';
import { readWholeCollection } from './readAll';
import { round1, timed, timedRuns } from './timing';

export interface PickerResult {
  text: string;
  search: { ms: number; runsMs: number[]; reads: number; queries: number; rowsPerQuery: number[]; rows: number };
  readAll: { ms: number; reads: number; matches: number };
  /** readAll.ms / search.ms. */
  timeRatio: number;
}

export async function measurePicker(app: BenchApp, db: Firestore, text: string, runs: number, log: (line: string) => void): Promise<PickerResult> {
  log(`picker: ${runs} x users.search "${text}"...`);
  const searched = await timedRuns(runs, () => app.call('users.search', { text }));

  log(`picker: search ${searched.runsMs.join(' / ')} ms`);
  const rowsPerQuery = searched.value.queries.map((q) => q.documents);

  log('picker: reading every user with the client SDK and filtering in memory...');
  let matches = 0;
  const readAll = await timed(() => readWholeCollection(db, 'users', (d) => void (matchesInMemory(text, d) && matches++)));
  log(`picker: read-all ${Math.round(readAll.ms)} ms, ${readAll.value} reads`);
  return {
    text,
    search: {
      ms: searched.ms,
      runsMs: searched.runsMs,
      reads: rowsPerQuery.reduce((sum, rows) => sum + queryReads(rows), 0),
      queries: rowsPerQuery.length,
      rowsPerQuery,
      rows: searched.value.rows.length
    },
    readAll: { ms: round1(readAll.ms), reads: readAll.value, matches },
    timeRatio: round1(readAll.ms / Math.max(1, searched.ms))
  };
}
