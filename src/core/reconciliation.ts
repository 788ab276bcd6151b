import { randomUUID } from 'node:crypto';
import type { Page, Administrator } from '../shared/contract';
import { emptyTotals, reconcileCustomer, reconciledFigures, startReconciliation, type ReconciledFigure, type RunTotals } from '../shared/domain/reconciliation';
import { balanceCheckView, checkBalance } from '../shared/domain/balanceCheck';
import { fromCents } from '../shared/domain/money';
import { USER_GONE_MESSAGE } from '../shared/domain/users';
import type { DriftedCustomerRow, ReconcileResult, ReconciliationRun } from '../shared/schemas/reconciliation';
import { AppError, ok } from '../shared/result';
import type { Operation } from './operations';
import type { CustomerJournal } from './ports/customerJournal';
import type { LedgerStore } from './ports/ledgerStore';
import type { PageAt } from './ports/paging';
import type { ReconciliationStore, StoredRun } from './ports/reconciliation';
import { ReconciliationMerge } from './reconciliationMerge';
import { reconcileStep, type RunHolder, type RunPosition } from './reconciliationStep';

/**
 * Reconciliation (docs/product-rules.md §6.7): one customer's figures, and the platform-wide run:
 * one pass over customers, successful deposits, approved withdrawals and summable audit entries,
 * all in customer-id order, merged and saved a page at a time (src/core/reconciliationStep.ts).
 * Memory holds one page of each stream, whatever the platform's size; progress and drifted
 * customers are saved to Firestore after every page of customers, so Stop, a crash or a restart
 * loses at most that page. One pass at a time holds a run: it is named on the run, and a pass that
 * finds another name there (or the run no longer running) stops without writing.
 */

/** Customers per page (and per progress save: one transaction of at most this many drifted customers, their audit entry and the run). */
export const CUSTOMER_PAGE = 250;
/** Records per page of each stream. */
export const RECORD_PAGE = 500;
/** A run stored as running whose progress nobody has saved for this long is interrupted (its Ledgerdesk stopped). */
export const INTERRUPTED_AFTER_MS = 60_000;
/**
 * The same for a run the server's tasks page through: a queued task may wait minutes for its turn,
 * and a failed one is retried by the queue, so only a long silence means the server stopped.
 */
export const SERVER_INTERRUPTED_AFTER_MS = 20 * 60_000;

/**
 * users.reconcile: the stored figures against their records and adjustments, read by the same merge
 * as the run, over the customer's spellings only, so the two always agree; and the balance against
 * the customer's journal head (docs/product-rules.md §16.1).
 */
export async function reconcileUser(store: ReconciliationStore, journal: CustomerJournal, userId: string, now = new Date()): Promise<ReconcileResult> {
  const customer = await store.customer(userId);
  if (!customer) throw new AppError('NOT_FOUND', USER_GONE_MESSAGE);
  const merge = await ReconciliationMerge.open(store, { after: null, sizes: { customers: 1, records: RECORD_PAGE }, only: customer });
  const [page, read] = await Promise.all([merge.page(1), journal.balanceEvidence(userId)]);
  // Deleted between the two reads: as gone as when the first read found nobody.
  if (!read) throw new AppError('NOT_FOUND', USER_GONE_MESSAGE);
  const figures = page.checked[0]?.checks ?? reconcileCustomer(customer.data, {});
  const balance = balanceCheckView(checkBalance(read.evidence));
  return { userId, figures, balance, reads: 1 + merge.takeReads() + read.reads, asOf: now.toISOString() };
}

const asRun = (run: StoredRun, active: boolean, now: number, interruptedAfterMs: number): ReconciliationRun => {
  const heartbeat = run.heartbeatAt ? Date.parse(run.heartbeatAt) : 0;
  const silentFor = run.by === 'server' ? Math.max(interruptedAfterMs, SERVER_INTERRUPTED_AFTER_MS) : interruptedAfterMs;
  const interrupted = run.state === 'running' && !active && now - heartbeat > silentFor;
  const { cursor: _cursor, pass: _pass, totals, ...rest } = run;
  return {
    ...rest,
    state: interrupted ? 'interrupted' : run.state,
    totals: { ...totals, drift: Object.fromEntries(reconciledFigures.map((f) => [f, fromCents(totals.drift[f])])) as Record<ReconciledFigure, number> }
  };
};

export interface RunContext {
  store: LedgerStore;
  actor: Administrator;
  operation: Operation;
}

/** How a run pages and when it counts as interrupted; tests make both small. */
export interface RunTuning {
  customers?: number;
  records?: number;
  interruptedAfterMs?: number;
}

/** A pass under way in this process: the run it holds, under which name, for whom it signs. */
interface ActivePass extends RunHolder {
  stop: boolean;
  finished: Promise<void>;
}

/**
 * The platform-wide runs of this Ledgerdesk: at most one at a time, in the background of the main
 * process; the screen follows it with reconciliation.run and stops it with reconciliation.stop.
 */
export class ReconciliationRuns {
  private active: ActivePass | null = null;
  private readonly pageSizes: { customers: number; records: number };
  private readonly interruptedAfterMs: number;

  constructor(
    private readonly data: ReconciliationStore,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
    tuning: RunTuning = {},
    private readonly now: () => Date = () => new Date()
  ) {
    this.pageSizes = { customers: tuning.customers ?? CUSTOMER_PAGE, records: tuning.records ?? RECORD_PAGE };
    this.interruptedAfterMs = tuning.interruptedAfterMs ?? INTERRUPTED_AFTER_MS;
  }

  private view(run: StoredRun): ReconciliationRun {
    return asRun(run, this.active?.runId === run.id, this.now().getTime(), this.interruptedAfterMs);
  }

  private async stored(runId: string): Promise<StoredRun> {
    const run = await this.data.run(runId);
    if (!run) throw new AppError('NOT_FOUND', 'This reconciliation run no longer exists.');
    return run;
  }

  /** Starts a run over every customer, audited like any administrator write; refused while another one is unfinished. */
  async start(ctx: RunContext): Promise<ReconciliationRun> {
    const open = this.active ? await this.data.run(this.active.runId) : await this.data.running();
    if (open && open.state === 'running') {
      throw new AppError('CONFLICT', 'A reconciliation run is not finished yet: resume or stop it before starting another.');
    }
    const runId = randomUUID();
    const pass = randomUUID();
    const customers = await this.data.countCustomers();
    const started = startReconciliation(runId, customers, this.now(), ctx.actor.email, pass);
    const { answer } = await ctx.store.transact({
      operation: ctx.operation,
      actor: ctx.actor,
      decide: async () => ok(started),
      answer: () => ({ runId })
    });
    // A replay of the same action answers the run it started, without starting another.
    if (answer.runId === runId) this.begin({ runId, pass, actor: ctx.actor }, null, emptyTotals());
    return this.view(await this.stored(answer.runId));
  }

  /**
   * Goes on with a stopped, failed or interrupted run from the last page it saved. Single-flight:
   * the run is taken in a transaction on its state, so of two resumes at once (here or in another
   * copy of Ledgerdesk) one starts a pass and the other answers the run already going.
   */
  async resume(runId: string, actor: Administrator): Promise<ReconciliationRun> {
    if (this.active?.runId === runId) return this.view(await this.stored(runId));
    if (this.active) throw new AppError('CONFLICT', 'Another reconciliation run is going on: wait for it or stop it first.');
    const other = await this.data.running();
    if (other && other.id !== runId && this.view(other).state === 'running') {
      throw new AppError('CONFLICT', 'Another reconciliation run is going on: wait for it or stop it first.');
    }
    const pass = randomUUID();
    let taken = false;
    const run = await this.data.update(runId, (stored) => {
      // Decided again on each attempt of the transaction, on the run as it then is.
      taken = this.view(stored).state !== 'running' && stored.state !== 'finished';
      return taken ? { state: 'running', error: null, pass } : null;
    });
    if (!run) throw new AppError('NOT_FOUND', 'This reconciliation run no longer exists.');
    if (run.state === 'finished') throw new AppError('CONFLICT', 'This reconciliation run has finished; start a new one.');
    if (taken && !this.active) this.begin({ runId, pass, actor }, run.cursor, run.totals);
    return this.view(await this.stored(runId));
  }

  /** Stops after the customer under way (its progress saved); a run no pass of this process holds is marked stopped at once. */
  async stop(runId: string): Promise<ReconciliationRun> {
    const active = this.active;
    if (active?.runId === runId) {
      active.stop = true;
      await active.finished;
    } else {
      // A pass elsewhere that still reads finds the run stopped at its next save, and writes nothing.
      const run = await this.data.update(runId, (stored) => (stored.state === 'running' ? { state: 'stopped', stopped: true } : null));
      if (!run) throw new AppError('NOT_FOUND', 'This reconciliation run no longer exists.');
    }
    return this.view(await this.stored(runId));
  }

  async run(runId: string): Promise<ReconciliationRun> {
    return this.view(await this.stored(runId));
  }

  async runs(at: PageAt): Promise<Page<ReconciliationRun>> {
    const page = await this.data.runs(at);
    return { ...page, rows: page.rows.map((run) => this.view(run)) };
  }

  async drifted(runId: string, at: PageAt): Promise<Page<DriftedCustomerRow>> {
    return this.data.drifted(runId, at);
  }

  /** Waits for the run under way to stop or end (tests, and closing the app). */
  async settled(): Promise<void> {
    await this.active?.finished;
  }

  private begin(holder: RunHolder, cursor: string | null, totals: RunTotals): void {
    const active: ActivePass = { ...holder, stop: false, finished: Promise.resolve() };
    active.finished = this.pass(active, cursor, totals).finally(() => {
      if (this.active === active) this.active = null;
    });
    this.active = active;
  }

  /** The run's steps (reconciliationStep.ts), one page after another in this process, from `cursor` (the last customer done) on, while it holds the run. */
  private async pass(active: ActivePass, cursor: string | null, totals: RunTotals): Promise<void> {
    const { runId, pass } = active;
    let at: RunPosition = { cursor, totals };
    let merge: ReconciliationMerge | undefined;
    try {
      for (;;) {
        const step = await reconcileStep(this.data, active, at, { sizes: this.pageSizes, stopAsked: () => active.stop, merge });
        if (step.outcome === 'lost') {
          this.log(`Reconciliation run ${runId}: this pass no longer holds it (stopped or resumed elsewhere); it ends without saving.`);
          return;
        }
        if (step.outcome !== 'page saved') return;
        // The merge stays open at the page's end: the next page reads on from there, nothing read twice.
        ({ at, merge } = step);
      }
    } catch (error) {
      this.log(`Reconciliation run ${runId} stopped on an error`, error);
      const message = error instanceof Error ? error.message : String(error);
      // The progress of the last saved page stands; Resume goes on from there. Only the pass that holds the run marks it failed.
      await this.data
        .update(runId, (run) => (run.state === 'running' && run.pass === pass ? { state: 'failed', error: message.slice(0, 500) } : null))
        .catch(() => undefined);
    }
  }
}
