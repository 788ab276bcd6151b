import type { FindResult } from '../../shared/contract';

/** The top bar's search: a record by its id, or customers by e-mail or name (src/main/firebase/recordFinder.ts). */
export interface RecordFinder {
  find(query: string): Promise<FindResult>;
}
