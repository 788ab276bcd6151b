import {
  addTotals,
  countCustomer,
  emptyTotals,
  reconcileCustomer,
  type DriftedCustomer,
  type FigureCheck,
  type RunTotals
} from '../shared/domain/reconciliation';
import {
  emptySums,
  foundUnder,
  HeldRecords,
  LEADING_BELOW,
  placeRecord,
  tallyAdjustment,
  tallyOrphan,
  tallyRecord,
  type Placed,
  type RunAdjustment,
  type RunRecord
} from '../shared/domain/reconciliationMerge';
import { AppError } from '../shared/result';
import type { ReconciliationStore, RunCustomer, StreamAfter, StreamPage, StreamScope } from './ports/reconciliation';

/**
 * One page of the reconciliation merge (docs/product-rules.md §6.7): customers, successful
 * deposits, approved withdrawals and audit entries with moves, each read a page at a time in
 * customer-id order, merged customer by customer. A merge is opened at a run's cursor, so a run
 * in this process goes on page after page with the same merge, and a task that runs one page
 * (issue 29) opens its own; users.reconcile opens one over a single customer's spellings, so the
 * customer's check and the run's find the same records.
 */

/** What a merge reads: the streams, on the desktop's Firestore client or the platform's firebase-admin. */
export type MergeSource = Pick<ReconciliationStore, 'customers' | 'records' | 'adjustments'>;

/** Thrown before a read once Stop was asked: the page ends at the last customer done. */
export class StopAsked extends Error {}

export interface MergeSizes {
  customers: number;
  records: number;
  /**
   * Customers per read, when not the page's size: a merge that ends after one page (a server task)
   * reads one more than its page, so looking at the next customer does not read a whole page of them.
   */
  customersRead?: number;
}

/**
 * Records whose userId starts with a space are held in memory until their customer's turn; a
 * platform with more than this many of them is refused in words rather than held without bound.
 */
export const HELD_AT_MOST = 10_000;

/** A page of a stream and where the next one starts. */
type Reader<T, P> = (after: P | null, size: number) => Promise<{ items: T[]; reads: number; next: P | null }>;

/** One stream of the merge: a page in memory, the next one read when it runs out, Stop checked before each read. */
class Stream<T, P> {
  private page: T[] = [];
  private index = 0;
  private done = false;

  constructor(
    private readonly read: Reader<T, P>,
    private position: P | null,
    private readonly size: number,
    private readonly reading: () => void,
    private readonly billed: (reads: number) => void
  ) {}

  async peek(): Promise<T | null> {
    if (this.index < this.page.length) return this.page[this.index]!;
    if (this.done) return null;
    this.reading();
    const next = await this.read(this.position, this.size);
    this.billed(next.reads);
    this.page = next.items;
    this.index = 0;
    if (next.items.length < this.size) this.done = true;
    this.position = next.next ?? this.position;
    return this.page[0] ?? null;
  }

  take(): void {
    this.index += 1;
  }
}

const records =
  <T>(read: (scope: StreamScope, after: StreamAfter, size: number) => Promise<StreamPage<T>>, scope: StreamScope): Reader<T, StreamAfter> =>
  async (after, size) => {
    const page = await read(scope, after, size);
    return { items: page.items, reads: page.reads, next: page.last ? { record: page.last } : null };
  };

const SOURCES = ['deposits', 'withdrawals', 'adjustments'] as const;
type Source = (typeof SOURCES)[number];
type ItemOf<S extends Source> = S extends 'adjustments' ? RunAdjustment : RunRecord;

/** What a page of the merge counted, through the last customer it finished. */
export interface MergedPage {
  totals: RunTotals;
  drifted: DriftedCustomer[];
  checked: { id: string; checks: FigureCheck[] }[];
  /** The last customer finished, or the cursor the page started from. */
  cursor: string | null;
  /** Every customer and record is counted: the run is complete. */
  last: boolean;
  /** Stop was asked: the page ended before a read, at the last customer finished. */
  stopped: boolean;
}

export interface MergeOptions {
  /** The last customer done (a resumed run), or null from the start. */
  after: string | null;
  sizes: MergeSizes;
  /** Asked before every read. */
  stopAsked?: () => boolean;
  /** Only this customer and the records found under their spellings (users.reconcile). */
  only?: RunCustomer;
}

export class ReconciliationMerge {
  private reads = 0;
  private readonly customers: Stream<RunCustomer, string>;
  private readonly streams: { [S in Source]: Stream<ItemOf<S>, StreamAfter> };
  private readonly held: { [S in Source]: HeldRecords<ItemOf<S>> };
  private cursor: string | null;

  private constructor(
    private readonly store: MergeSource,
    private readonly options: MergeOptions
  ) {
    const { after, sizes, only } = options;
    this.cursor = after;
    const customers: Reader<RunCustomer, string> = only
      ? async (from) => ({ items: from === null ? [only] : [], reads: 0, next: only.id })
      : async (from, size) => {
          const page = await store.customers(from, size);
          return { items: page.items, reads: page.reads, next: page.items.at(-1)?.id ?? null };
        };
    this.customers = new Stream(customers, after, only ? 1 : (sizes.customersRead ?? sizes.customers), this.reading, this.bill);
    const scope: StreamScope = only ? { from: only.id, below: only.id + LEADING_BELOW } : null;
    const start: StreamAfter = after === null ? null : { userId: after };
    this.streams = {
      deposits: this.stream('deposits', scope, start),
      withdrawals: this.stream('withdrawals', scope, start),
      adjustments: this.stream('adjustments', scope, start)
    };
    this.held = { deposits: new HeldRecords(after), withdrawals: new HeldRecords(after), adjustments: new HeldRecords(after) };
  }

  private readonly reading = () => {
    if (this.options.stopAsked?.()) throw new StopAsked();
  };

  private readonly bill = (reads: number) => {
    this.reads += reads;
  };

  private stream<S extends Source>(source: S, scope: StreamScope, start: StreamAfter): Stream<ItemOf<S>, StreamAfter> {
    const read = (scope: StreamScope, after: StreamAfter, size: number) =>
      source === 'adjustments' ? this.store.adjustments(scope, after, size) : this.store.records(source as 'deposits' | 'withdrawals', scope, after, size);
    return new Stream(
      records(read as (scope: StreamScope, after: StreamAfter, size: number) => Promise<StreamPage<ItemOf<S>>>, scope),
      start,
      this.options.sizes.records,
      this.reading,
      this.bill
    );
  }

  /** Opens a merge: reads the records whose userId starts with a space (they sort before every customer), checking Stop between pages. */
  static async open(store: MergeSource, options: MergeOptions): Promise<ReconciliationMerge> {
    const merge = new ReconciliationMerge(store, options);
    await merge.holdLeading();
    return merge;
  }

  private async holdLeading(): Promise<void> {
    let held = 0;
    for (const source of SOURCES) {
      const apart = this.stream(source, { from: '', below: LEADING_BELOW }, null) as Stream<Placed, StreamAfter>;
      for (let item = await apart.peek(); item; item = await apart.peek()) {
        if (++held > HELD_AT_MOST) {
          throw new AppError(
            'CONFLICT',
            `More than ${HELD_AT_MOST.toLocaleString('en-US')} records name their customer with a space before the id (${item.path} is one): correct their userId, then reconcile.`
          );
        }
        (this.held[source] as HeldRecords<Placed>).add(item);
        apart.take();
      }
      this.held[source].sort();
    }
  }

  /** Documents read since the last call, as Firestore bills them. */
  takeReads(): number {
    const reads = this.reads;
    this.reads = 0;
    return reads;
  }

  /** Checks up to `size` customers, and, after the last one, counts what is left as orphans. */
  async page(size: number): Promise<MergedPage> {
    const page: MergedPage = { totals: emptyTotals(), drifted: [], checked: [], cursor: this.cursor, last: false, stopped: false };
    for (let n = 0; n < size; n++) {
      // One customer at a time into a step of its own: a Stop in the middle drops only that customer.
      const step = emptyTotals();
      let customer: RunCustomer | null;
      let next: RunCustomer | null;
      let checks: FigureCheck[] | null;
      try {
        customer = await this.customers.peek();
        if (customer) this.customers.take();
        next = customer ? await this.customers.peek() : null;
        checks = await this.check(customer, next?.id ?? null, step);
      } catch (error) {
        if (error instanceof StopAsked) return { ...page, stopped: true };
        throw error;
      }
      addTotals(page.totals, step);
      if (customer && checks) {
        const kept = countCustomer(page.totals, customer, checks);
        if (kept) page.drifted.push(kept);
        page.checked.push({ id: customer.id, checks });
        page.cursor = this.cursor = customer.id;
      }
      if (!next) return { ...page, last: true };
    }
    return page;
  }

  /** Merges every stream up to `customer` (null: no customer is left) and checks their figures. */
  private async check(customer: RunCustomer | null, next: string | null, step: RunTotals): Promise<FigureCheck[] | null> {
    const id = customer?.id ?? null;
    const sums = emptySums();
    const orphan = tallyOrphan(step);
    const theirs: { [S in Source]: (item: ItemOf<S>) => void } = {
      deposits: (r) => tallyRecord(sums, step, 'deposits', r),
      withdrawals: (r) => tallyRecord(sums, step, 'withdrawals', r),
      adjustments: (a) => tallyAdjustment(sums, step, a)
    };
    for (const source of SOURCES) {
      const own = theirs[source] as (item: Placed) => void;
      const held = this.held[source] as HeldRecords<Placed>;
      held.upTo(id, own, orphan);
      // After the last customer, nobody is left to claim what is still held.
      if (next === null) held.upTo(null, own, orphan);
      await this.upTo(this.streams[source] as Stream<Placed, StreamAfter>, id, next, own, orphan);
    }
    return customer ? reconcileCustomer(customer.data, sums) : null;
  }

  private async upTo(
    stream: Stream<Placed, StreamAfter>,
    customer: string | null,
    next: string | null,
    own: (item: Placed) => void,
    orphan: (item: Placed) => void
  ) {
    const resumedAfter = this.options.after;
    for (let item = await stream.peek(); item; item = await stream.peek()) {
      // A resumed run starts after its last customer's id; the spellings after it were theirs.
      const counted = resumedAfter !== null && item.userId !== null && foundUnder(resumedAfter, item.userId);
      const place = counted ? 'apart' : placeRecord(item, customer, next);
      if (place === 'later') return;
      if (place === 'theirs') own(item);
      else if (place === 'orphan') orphan(item);
      stream.take();
    }
  }
}
