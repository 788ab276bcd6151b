import { randomUUID } from 'node:crypto';
import type { Page, SessionUser } from '../../shared/contract';
import {
  BALANCE_NOT_RECONCILED,
  compareIds,
  countCustomer,
  emptyTotals,
  noSums,
  reconcileCustomer,
  reconciledFigures,
  startReconciliation,
  type DriftedCustomer,
  type FigureSums,
  type ReconciledFigure,
  type RunTotals
} from '../../shared/domain/reconciliation';
import { fromCents } from '../../shared/domain/money';
import { USER_GONE_MESSAGE } from '../../shared/domain/users';
import type { DriftedCustomerRow, ReconcileResult, ReconciliationRun } from '../../shared/schemas/reconciliation';
import { AppError, ok } from '../../shared/result';
import type { Operation } from './operations';
import type { LedgerStore } from './ports/ledgerStore';
import type { PageAt } from './ports/paging';
import type { ReconciliationStore, StoredRun, StreamAfter, StreamPage } from './ports/reconciliation';

/**
 * Reconciliation (docs/product-rules.md §6.7): one customer's figures by aggregation, and the
 * platform-wide run: one pass over customers, successful deposits, approved withdrawals and
 * summable audit entries, all in customer-id order, merged a page at a time. Memory holds one page
 * of each stream, whatever the platform's size; progress and drifted customers are saved to
 * Firestore after every page of customers, so Stop, a crash or a restart loses at most that page.
 */

/** Customers per page (and per progress save: one batch of at most this many drifted customers and the run). */
export const CUSTOMER_PAGE = 250;
/** Records per page of each stream. */
export const RECORD_PAGE = 500;
/** A run stored as running whose progress nobody has saved for this long is interrupted (its Ledgerdesk stopped). */
export const INTERRUPTED_AFTER_MS = 60_000;

/** users.reconcile: the stored figures against their records and adjustments, by aggregation only. */
export async function reconcileUser(store: ReconciliationStore, userId: string, now = new Date()): Promise<ReconcileResult> {
  const { user, sums, queries } = await store.customerSums(userId);
  if (!user) throw new AppError('NOT_FOUND', USER_GONE_MESSAGE);
  return { userId, figures: reconcileCustomer(user.data, sums), balanceNote: BALANCE_NOT_RECONCILED, queries, asOf: now.toISOString() };
}

/** One stream of the merge: a page in memory, the next one read when it runs out. */
class Stream<I extends { userId: string }> {
  private page: (I & { id: string })[] = [];
  private index = 0;
  private done = false;

  constructor(
    private readonly read: (after: StreamAfter) => Promise<StreamPage<I>>,
    private position: StreamAfter,
    private readonly size: number,
    private readonly billed: (reads: number) => void
  ) {}

  private async peek(): Promise<(I & { id: string }) | null> {
    if (this.index < this.page.length) return this.page[this.index]!;
    if (this.done) return null;
    const next = await this.read(this.position);
    this.billed(next.reads);
    this.page = next.items;
    this.index = 0;
    if (this.page.length < this.size) this.done = true;
    const last = this.page.at(-1);
    if (last) this.position = { userId: last.userId, id: last.id };
    return this.page[0] ?? null;
  }

  /**
   * Hands every item up to customer `id` (inclusive, in customer-id order) to `own` when it is
   * theirs and to `orphan` when it names nobody before them; `null` drains the stream to its end.
   */
  async upTo(id: string | null, own: (item: I) => void, orphan: (item: I) => void): Promise<void> {
    for (let item = await this.peek(); item; item = await this.peek()) {
      const order = id === null || item.userId === '' ? -1 : compareIds(item.userId, id);
      if (order > 0) return;
      if (order === 0) own(item);
      else orphan(item);
      this.index += 1;
    }
  }
}

const asRun = (run: StoredRun, active: boolean, now: number, interruptedAfterMs: number): ReconciliationRun => {
  const heartbeat = run.heartbeatAt ? Date.parse(run.heartbeatAt) : 0;
  const interrupted = run.state === 'running' && !active && now - heartbeat > interruptedAfterMs;
  const { cursor: _cursor, totals, ...rest } = run;
  return {
    ...rest,
    state: interrupted ? 'interrupted' : run.state,
    totals: { ...totals, drift: Object.fromEntries(reconciledFigures.map((f) => [f, fromCents(totals.drift[f])])) as Record<ReconciledFigure, number> }
  };
};

export interface RunContext {
  store: LedgerStore;
  actor: SessionUser;
  operation: Operation;
}

/**
 * The platform-wide runs of this Ledgerdesk: at most one at a time, in the background of the main
 * process; the screen follows it with reconciliation.run and stops it with reconciliation.stop.
 */
/** How a run pages and when it counts as interrupted; tests make both small. */
export interface RunTuning {
  customers?: number;
  records?: number;
  interruptedAfterMs?: number;
}

export class ReconciliationRuns {
  private active: { runId: string; stop: boolean; finished: Promise<void> } | null = null;
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
    const customers = await this.data.countCustomers();
    const started = startReconciliation(runId, customers, this.now(), ctx.actor.email);
    const { answer } = await ctx.store.transact({
      operation: ctx.operation,
      actor: ctx.actor,
      decide: async () => ok(started),
      answer: () => ({ runId })
    });
    // A replay of the same action answers the run it started, without starting another.
    if (answer.runId === runId) this.begin(runId, null, emptyTotals());
    return this.view(await this.stored(answer.runId));
  }

  /** Goes on with a stopped, failed or interrupted run from the last page it saved. */
  async resume(runId: string): Promise<ReconciliationRun> {
    const run = await this.stored(runId);
    const view = this.view(run);
    if (this.active?.runId === runId || view.state === 'running') return view;
    if (view.state === 'finished') throw new AppError('CONFLICT', 'This reconciliation run has finished; start a new one.');
    const other = await this.data.running();
    if (other && other.id !== runId && this.view(other).state === 'running') {
      throw new AppError('CONFLICT', 'Another reconciliation run is going on: wait for it or stop it first.');
    }
    await this.data.save(runId, { state: 'running', error: null }, []);
    this.begin(runId, run.cursor, run.totals);
    return this.view(await this.stored(runId));
  }

  /** Stops after the page under way (its progress saved); an interrupted run is marked stopped at once. */
  async stop(runId: string): Promise<ReconciliationRun> {
    const active = this.active;
    if (active?.runId === runId) {
      active.stop = true;
      await active.finished;
    } else {
      const run = await this.stored(runId);
      if (run.state === 'running') await this.data.save(runId, { state: 'stopped', stopped: true }, []);
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

  private begin(runId: string, cursor: string | null, totals: RunTotals): void {
    const active = { runId, stop: false, finished: Promise.resolve() };
    active.finished = this.pass(active, cursor, totals).finally(() => {
      if (this.active === active) this.active = null;
    });
    this.active = active;
  }

  /** The merge, page after page of customers, from `cursor` (the last customer done) on. */
  private async pass(active: { runId: string; stop: boolean }, start: string | null, totals: RunTotals): Promise<void> {
    const { runId } = active;
    const size = this.pageSizes;
    const bill = (reads: number) => (totals.reads += reads);
    const resumeAt: StreamAfter = start === null ? null : { userId: start };
    const deposits = new Stream((after) => this.data.records('deposits', 'success', after, size.records), resumeAt, size.records, bill);
    const withdrawals = new Stream((after) => this.data.records('withdrawals', 'approved', after, size.records), resumeAt, size.records, bill);
    const adjustments = new Stream((after) => this.data.adjustments(after, size.records), resumeAt, size.records, bill);
    const orphan = () => (totals.orphans += 1);
    let cursor = start;
    try {
      for (;;) {
        if (active.stop) {
          await this.data.save(runId, { state: 'stopped', stopped: true, cursor, totals }, []);
          return;
        }
        const page = await this.data.customers(cursor, size.customers);
        bill(page.reads);
        const drifted: DriftedCustomer[] = [];
        for (const customer of page.items) {
          const sums: Record<ReconciledFigure, FigureSums> = { Totaldeposit: noSums(), Totalwithdrawal: noSums(), Totalwithdrawals: noSums() };
          const add = (figures: ReconciledFigure[], cents: number | null) => {
            for (const figure of figures) {
              if (cents === null) sums[figure].unsummable += 1;
              else {
                sums[figure].records += cents;
                sums[figure].recordCount += 1;
              }
            }
            if (cents === null) totals.unsummable += 1;
          };
          await deposits.upTo(customer.id, (r) => (totals.deposits++, add(['Totaldeposit'], r.cents)), orphan);
          await withdrawals.upTo(customer.id, (r) => (totals.withdrawals++, add(['Totalwithdrawal', 'Totalwithdrawals'], r.cents)), orphan);
          await adjustments.upTo(
            customer.id,
            (a) => {
              totals.adjustments += 1;
              for (const figure of reconciledFigures) {
                if (a.moved[figure] === undefined) continue;
                sums[figure].adjustments += a.moved[figure];
                sums[figure].adjustmentCount += 1;
              }
            },
            orphan
          );
          const kept = countCustomer(totals, customer, reconcileCustomer(customer.data, sums));
          if (kept) drifted.push(kept);
        }
        cursor = page.items.at(-1)?.id ?? cursor;
        const last = page.items.length < size.customers;
        if (last) {
          // Records after the last customer belong to nobody: read to the end and counted.
          await deposits.upTo(null, () => undefined, orphan);
          await withdrawals.upTo(null, () => undefined, orphan);
          await adjustments.upTo(null, () => undefined, orphan);
        }
        await this.data.save(runId, { cursor, totals, ...(last ? { state: 'finished', finished: true } : {}) }, drifted);
        if (last) return;
      }
    } catch (error) {
      this.log(`Reconciliation run ${runId} stopped on an error`, error);
      const message = error instanceof Error ? error.message : String(error);
      // The progress of the last saved page stands; Resume goes on from there.
      await this.data.save(runId, { state: 'failed', error: message.slice(0, 500) }, []).catch(() => undefined);
    }
  }
}
