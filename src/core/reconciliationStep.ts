import type { Administrator } from '../shared/contract';
import { addTotals, type RunTotals } from '../shared/domain/reconciliation';
import type { ReconciliationStore, RunProgress } from './ports/reconciliation';
import { ReconciliationMerge, StopAsked, type MergeSizes } from './reconciliationMerge';

/**
 * One step of a platform-wide reconciliation run (docs/architecture.md §2): merge the run's next
 * page of customers and save it, with its drifted customers, while this pass holds the run. Every
 * host runs the run as these steps and chooses only how the next one is scheduled: the desktop
 * loops on them in its process (ReconciliationRuns, reconciliation.ts), keeping its merge open
 * from one step to the next; the platform runs one per task and queues the next
 * (server/platform/reconciliation.ts).
 */

/** Who runs the run: its id, the pass that holds it, and who signs its drifted customers' audit entries. */
export interface RunHolder {
  runId: string;
  pass: string;
  actor: Administrator;
}

/** Where the run stands: the last customer done (null before the first) and the totals saved through it. */
export interface RunPosition {
  cursor: string | null;
  totals: RunTotals;
}

export interface StepOptions {
  sizes: MergeSizes;
  /** Asked before every read: once true, the step saves the run stopped at the last customer done. */
  stopAsked?: () => boolean;
  /**
   * The merge the step before left open at this position. A host that runs its steps in one process
   * hands it back, so the streams go on where they are instead of being read again from the cursor.
   */
  merge?: ReconciliationMerge;
}

/**
 * What the step did. 'page saved': the run goes on from `at`, with `merge`, open there. 'finished'
 * (the last customer is counted) and 'stopped' (Stop was asked): the run is saved so. 'lost': this
 * pass no longer holds the run (stopped elsewhere, or resumed by another pass), and nothing was written.
 */
export type StepResult =
  { outcome: 'page saved'; at: RunPosition; merge: ReconciliationMerge } | { outcome: 'finished' | 'stopped'; at: RunPosition } | { outcome: 'lost' };

type StepStore = Pick<ReconciliationStore, 'customers' | 'records' | 'adjustments' | 'save'>;

export async function reconcileStep(store: StepStore, holder: RunHolder, at: RunPosition, options: StepOptions): Promise<StepResult> {
  const { runId, pass, actor } = holder;
  let merge = options.merge;
  if (!merge) {
    try {
      merge = await ReconciliationMerge.open(store, { after: at.cursor, sizes: options.sizes, stopAsked: options.stopAsked });
    } catch (error) {
      if (!(error instanceof StopAsked)) throw error;
      // Stop arrived while the records read apart were being read: the last saved page stands.
      const saved = await store.save(runId, pass, { state: 'stopped', stopped: true, ...at }, [], actor);
      return saved ? { outcome: 'stopped', at } : { outcome: 'lost' };
    }
  }
  const page = await merge.page(options.sizes.customers);
  const totals = structuredClone(at.totals);
  addTotals(totals, page.totals);
  totals.reads += merge.takeReads();
  const next: RunPosition = { cursor: page.cursor, totals };
  const end: RunProgress = page.stopped ? { state: 'stopped', stopped: true } : page.last ? { state: 'finished', finished: true } : {};
  if (!(await store.save(runId, pass, { ...next, ...end }, page.drifted, actor))) return { outcome: 'lost' };
  if (page.stopped) return { outcome: 'stopped', at: next };
  if (page.last) return { outcome: 'finished', at: next };
  return { outcome: 'page saved', at: next, merge };
}
