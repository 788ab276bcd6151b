import { randomUUID } from 'node:crypto';
import type { EventPayload } from '../../shared/contract';
import type { EventName } from '../../shared/methods';
import { lists, type MoneyFilters } from '../../shared/queries/lists';
import type { NewPending, PendingCounts, WatchListInput } from '../../shared/schemas/live';
import type { Clock } from '../ports/clock';
import type { LiveFeed, LiveRow, WindowEntry, WindowSnapshot } from '../ports/liveFeed';
import type { MoneyListName } from '../ports/moneyLists';
import { Throttle } from './countsRefresher';
import type { LiveWork } from './liveWork';
import { compareWindows, whyLeft, type WindowChange } from './windows';

type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface LiveOptions {
  feed: LiveFeed;
  emit: Emit;
  clock: Clock;
  log?: (message: string, error: unknown) => void;
  /** The sidebar's counts run at most this often when listeners see changes (10 s). */
  countsEveryMs?: number;
  /** A connection lost for less than this is not worth a banner (the SDK reconnects on its own). */
  offlineAfterMs?: number;
}

/** The first page of a money list at its default size: what a watch listens to unless the screen shows more. */
const PAGE = 10;
/** A watch stops by itself past this many (a page that reloaded never said it closed). */
const MAX_WATCHES = 8;

/**
 * Whether a listener lost the server: it had been answered by Firestore and now answers from its
 * cache. A listener's very first answers may come from the cache while the server is still busy;
 * that is not a lost connection.
 */
class Freshness {
  private synced = false;
  stale = false;

  saw(fromCache: boolean): void {
    if (!fromCache) this.synced = true;
    this.stale = this.synced && fromCache;
  }
}

/** The first wait before a listener that stopped on an error listens again; it doubles up to a minute. */
const RELISTEN_FIRST_MS = 1_000;
const RELISTEN_MAX_MS = 60_000;

/**
 * A Firestore listener that listens again when it stops on an error (the SDK gives up on a
 * listener for good after one: a broken stream, a refusal while the token renews). Without this a
 * screen would silently stop updating until it was reopened.
 */
class Relistening {
  private stop: (() => void) | null = null;
  private timer: unknown = null;
  private waitMs = RELISTEN_FIRST_MS;
  private closed = false;

  constructor(
    private readonly clock: Clock,
    private readonly listen: (failed: (error: Error) => void) => () => void,
    private readonly log: (message: string, error: unknown) => void,
    private readonly what: string
  ) {
    this.open();
  }

  /** An answer came: the next failure starts again from the shortest wait. */
  answered(): void {
    this.waitMs = RELISTEN_FIRST_MS;
  }

  private open(): void {
    this.timer = null;
    if (this.closed) return;
    this.stop = this.listen((error) => this.failed(error));
  }

  private failed(error: Error): void {
    this.log(`${this.what} stopped; listening again in ${this.waitMs / 1000} s`, error);
    this.stop?.();
    this.stop = null;
    if (this.closed || this.timer !== null) return;
    this.timer = this.clock.setTimeout(() => this.open(), this.waitMs);
    this.waitMs = Math.min(this.waitMs * 2, RELISTEN_MAX_MS);
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.stop?.();
    this.stop = null;
  }
}

/** One listener's window and what it last held. */
class Window extends Freshness {
  private entries: WindowEntry[] | null = null;
  private readonly listener: Relistening;

  constructor(
    feed: LiveFeed,
    clock: Clock,
    name: MoneyListName,
    filters: MoneyFilters & { pageSize?: number },
    private readonly newestFirst: boolean,
    onChange: (change: WindowChange) => void,
    onState: () => void,
    log: (message: string, error: unknown) => void
  ) {
    super();
    // The first page as the screen shows it (its page size), so every row on it updates in place.
    const size = filters.pageSize ?? PAGE;
    const next = (snapshot: WindowSnapshot) => {
      this.listener?.answered();
      // After a listener listened again, its first answer is compared with what it held before
      // it stopped: what changed meanwhile is reported like any other change.
      const change = compareWindows(this.entries, snapshot.entries, size, this.newestFirst);
      this.entries = snapshot.entries;
      this.saw(snapshot.fromCache);
      onState();
      if (change.arrived.length || change.changed.length || change.exited.length) onChange(change);
    };
    this.listener = new Relistening(clock, (error) => feed.watchWindow(name, filters, size, { next, error }), log, `A live ${name} listener`);
  }

  close(): void {
    this.listener.close();
  }
}

/**
 * Live work in the main process: Firestore listeners on the first page of the list on screen and
 * on the pending queues, turned into events for the screens (new records, records changed or gone,
 * the sidebar's counts, new pending requests for notifications, and whether Firestore is reachable).
 */
export class LiveService implements LiveWork {
  private readonly watches = new Map<string, Window[]>();
  private queues: Array<{ close(): void; stale: boolean }> = [];
  private readonly counts: Throttle;
  private online = true;
  private offlineTimer: unknown = null;
  private readonly log: (message: string, error: unknown) => void;

  constructor(private readonly options: LiveOptions) {
    this.log = options.log ?? console.error;
    this.counts = new Throttle(() => void this.pushCounts(), options.countsEveryMs ?? 10_000, options.clock);
  }

  watch(input: WatchListInput): string {
    const watchId = randomUUID();
    const name = input.list;
    const filters: MoneyFilters & { pageSize?: number } = input.request;
    const order = filters.order ?? 'newest';
    const emit = (change: Partial<WindowChange>) => void this.pushList(watchId, name, filters, change);
    // The page as shown tells what changed on it; a newest-first window of the same filters tells
    // what arrived (in an oldest-first queue new requests join the far end, off the first page),
    // and follows the new records the administrator put on top of the page.
    const shown = new Window(this.options.feed, this.options.clock, name, filters, order === 'newest', emit, this.stateChanged, this.log);
    const windows = [shown];
    if (order !== 'newest')
      windows.push(new Window(this.options.feed, this.options.clock, name, { ...filters, order: 'newest' }, true, emit, this.stateChanged, this.log));
    this.watches.set(watchId, windows);
    if (this.watches.size > MAX_WATCHES) this.unwatch(this.watches.keys().next().value as string);
    return watchId;
  }

  unwatch(watchId: string): void {
    for (const window of this.watches.get(watchId) ?? []) window.close();
    this.watches.delete(watchId);
  }

  /**
   * The pending queues are listened to, for the sidebar and the notifications, from the first time
   * a screen asks for their counts until sign-out: with no screen to show them, nothing listens.
   */
  private listenToQueues(): void {
    if (this.queues.length) return;
    const { feed } = this.options;
    const queue = (name: 'deposits' | 'withdrawals', kind: NewPending['kind']) =>
      new Window(
        feed,
        this.options.clock,
        name,
        { status: 'pending', order: 'newest' },
        true,
        (change) => {
          this.counts.ask();
          for (const row of change.arrived) this.options.emit('live.newPending', newPending(kind, row));
        },
        this.stateChanged,
        this.log
      );
    const kyc = new Freshness();
    let first = true;
    const listener = new Relistening(
      this.options.clock,
      (error) =>
        feed.watchKycQueue({
          next: (snapshot) => {
            listener.answered();
            kyc.saw(snapshot.fromCache);
            this.stateChanged();
            // The first answer is what the sidebar already counted.
            if (snapshot.changed && !first) this.counts.ask();
            first = false;
          },
          error
        }),
      this.log,
      'The live KYC listener'
    );
    this.queues = [queue('deposits', 'deposit'), queue('withdrawals', 'withdrawal'), Object.assign(kyc, { close: () => listener.close() })];
  }

  /** Signing out (or closing): every listener is released before the account's access ends. */
  stopAll(): void {
    for (const id of [...this.watches.keys()]) this.unwatch(id);
    for (const queue of this.queues) queue.close();
    this.queues = [];
    this.counts.cancel();
    if (this.offlineTimer !== null) this.options.clock.clearTimeout(this.offlineTimer);
    this.offlineTimer = null;
    this.online = true;
  }

  async pendingCounts(): Promise<PendingCounts> {
    this.listenToQueues();
    return this.countsNow();
  }

  private async countsNow(): Promise<PendingCounts> {
    const counts = await this.options.feed.pendingCounts();
    return { ...counts, asOf: new Date(this.options.clock.now()).toISOString() };
  }

  private async pushCounts(): Promise<void> {
    try {
      this.options.emit('live.pendingCounts', await this.countsNow());
    } catch (error) {
      // Signed out or closing meanwhile: the answer was no longer wanted.
      if (this.queues.length) this.log('The pending counts could not be refreshed', error);
    }
  }

  private async pushList(watchId: string, name: MoneyListName, filters: MoneyFilters, change: Partial<WindowChange>): Promise<void> {
    const dateField = lists[name].date;
    const left: EventPayload<'live.list'>['left'] = [];
    for (const row of change.exited ?? []) {
      // Off the window is not off the list: only a record that no longer matches has left.
      const now = await this.options.feed.current(name, row.id).catch(() => row);
      const note = whyLeft(filters, dateField, now);
      if (note !== null) left.push({ id: row.id, row: now, note });
    }
    const event: EventPayload<'live.list'> = { watchId, arrived: change.arrived ?? [], changed: change.changed ?? [], left };
    if (!this.watches.has(watchId)) return;
    if (event.arrived.length || event.changed.length || event.left.length) this.options.emit('live.list', event);
  }

  /** Offline when a listener lost the server for a moment; online as soon as none has. */
  private readonly stateChanged = (): void => {
    const windows = [...[...this.watches.values()].flat(), ...this.queues];
    const offline = windows.some((window) => window.stale);
    if (!offline) {
      if (this.offlineTimer !== null) this.options.clock.clearTimeout(this.offlineTimer);
      this.offlineTimer = null;
      if (!this.online) {
        this.online = true;
        this.options.emit('live.connection', { online: true });
        this.counts.now();
      }
    } else if (this.online && this.offlineTimer === null) {
      this.offlineTimer = this.options.clock.setTimeout(() => {
        this.offlineTimer = null;
        this.online = false;
        this.options.emit('live.connection', { online: false });
      }, this.options.offlineAfterMs ?? 1_500);
    }
  };
}

const newPending = (kind: NewPending['kind'], row: LiveRow): NewPending => ({
  kind,
  id: row.id,
  email: row.email,
  amount: row.amount
});
