import { describe, expect, it } from 'vitest';
import { LiveService } from '@core/live/live';
import { Throttle } from '@core/live/countsRefresher';
import { compareWindows, whyLeft } from '@core/live/windows';
import type { LiveFeed, LiveRow, Listening, WindowEntry, WindowSnapshot } from '@core/ports/liveFeed';
import { fakeClock } from '../../../support/fakes/fakeClock';

const row = (id: string, fields: Partial<LiveRow> = {}): LiveRow =>
  ({
    id,
    email: `${id}@example.com`,
    userId: 'u1',
    username: null,
    amount: 10,
    amountRaw: null,
    status: 'pending',
    cryptoType: null,
    walletAddress: null,
    createdAt: null,
    ...fields
  }) as LiveRow;
const entry = (id: string, at: string, fields: Partial<LiveRow> = {}): WindowEntry => ({ row: row(id, { createdAt: at, ...fields } as Partial<LiveRow>), at });

describe('what changed in a watched window', () => {
  const full = [entry('c', '2026-03-03'), entry('b', '2026-03-02'), entry('a', '2026-03-01')];

  it('reports nothing for the first snapshot: that is what the screen already shows', () => {
    expect(compareWindows(null, full, 3, true)).toEqual({ arrived: [], changed: [], exited: [] });
  });

  it('calls a record new only when it sorts above what the full window held', () => {
    const next = [entry('d', '2026-03-04'), entry('c', '2026-03-03'), entry('b', '2026-03-02')];
    const change = compareWindows(full, next, 3, true);
    expect(change.arrived.map((r) => r.id)).toEqual(['d']);
    expect(change.exited.map((r) => r.id)).toEqual(['a']);
  });

  it('does not call a record new when it slides in from below because another left', () => {
    const next = [entry('c', '2026-03-03'), entry('a', '2026-03-01'), entry('z', '2026-02-01')];
    const change = compareWindows(full, next, 3, true);
    expect(change.arrived).toEqual([]);
    expect(change.exited.map((r) => r.id)).toEqual(['b']);
  });

  it('takes every record that enters a window that was not full, and sees changed fields', () => {
    const change = compareWindows(full.slice(0, 2), [entry('c', '2026-03-03', { amount: 99 }), entry('b', '2026-03-02'), entry('a', '2026-03-01')], 3, true);
    expect(change.arrived.map((r) => r.id)).toEqual(['a']);
    expect(change.changed.map((r) => [r.id, r.amount])).toEqual([['c', 99]]);
  });

  it('never calls anything new in a window sorted oldest first', () => {
    expect(compareWindows(full, [entry('x', '2027-01-01'), ...full.slice(0, 2)], 3, false).arrived).toEqual([]);
  });
});

describe('why a record left the filtered list', () => {
  it('names the new status, a deletion, or the customer', () => {
    expect(whyLeft({ status: 'pending' }, 'createdAt', row('a', { status: 'approved' }))).toBe('Now Approved: it no longer matches this view.');
    expect(whyLeft({ status: 'pending' }, 'createdAt', null)).toBe('Deleted elsewhere.');
    expect(whyLeft({ customer: { userId: 'u2' } }, 'createdAt', row('a'))).toBe('Moved to another customer.');
  });

  // One calendar day, 20 November 2026, as the screen sends it from three zones: each end carries
  // the administrator's offset, the rows' dates are UTC.
  const day = {
    UTC: { from: '2026-11-20T00:00:00.000+00:00', to: '2026-11-20T23:59:59.999+00:00' },
    'UTC-5 (New York)': { from: '2026-11-20T00:00:00.000-05:00', to: '2026-11-20T23:59:59.999-05:00' },
    'UTC+9 (Tokyo)': { from: '2026-11-20T00:00:00.000+09:00', to: '2026-11-20T23:59:59.999+09:00' }
  };
  const at = (createdAt: string) => row('a', { createdAt } as Partial<LiveRow>);
  const cases: [keyof typeof day, string, boolean][] = [
    ['UTC', '2026-11-20T12:00:00.000Z', true],
    ['UTC', '2026-11-21T01:00:00.000Z', false],
    // 20:00 on the 20th in New York, 01:00 on the 21st in UTC: inside the New York day.
    ['UTC-5 (New York)', '2026-11-21T01:00:00.000Z', true],
    ['UTC-5 (New York)', '2026-11-20T04:59:59.999Z', false],
    ['UTC-5 (New York)', '2026-11-21T04:59:59.999Z', true],
    // 01:00 on the 20th in Tokyo is still the 19th in UTC.
    ['UTC+9 (Tokyo)', '2026-11-19T16:00:00.000Z', true],
    ['UTC+9 (Tokyo)', '2026-11-20T15:00:00.000Z', false]
  ];
  for (const [zone, createdAt, inside] of cases) {
    it(`${zone}: a record at ${createdAt} is ${inside ? 'kept' : 'dropped'} by a date range of that zone`, () => {
      expect(whyLeft({ ...day[zone] }, 'createdAt', at(createdAt))).toBe(inside ? null : 'Its date changed: it no longer matches this view.');
    });
  }

  it('drops a record whose date cannot be read', () => {
    expect(whyLeft({ ...day.UTC }, 'createdAt', at('not a date'))).toBe('Its date changed: it no longer matches this view.');
  });

  it('says nothing for a record that still matches (it was only pushed off the first page)', () => {
    expect(
      whyLeft({ status: 'pending', from: '2026-01-01T00:00:00.000Z' }, 'createdAt', row('a', { createdAt: '2026-02-01T00:00:00.000Z' } as Partial<LiveRow>))
    ).toBeNull();
  });
});

describe('the counts throttle', () => {
  it('runs at once, folds the asks of the next 10 seconds into one run at their end', () => {
    const { clock, advance } = fakeClock(1_000_000);
    let runs = 0;
    const throttle = new Throttle(() => runs++, 10_000, clock);
    throttle.ask();
    expect(runs).toBe(1);
    throttle.ask();
    throttle.ask();
    advance(9_999);
    expect(runs).toBe(1);
    advance(1);
    expect(runs).toBe(2);
    throttle.now();
    expect(runs).toBe(3);
  });
});

/** A feed whose listeners the test drives by hand. */
function fakeFeed() {
  const windows: Array<Listening<WindowSnapshot> & { open: boolean }> = [];
  const feed: LiveFeed = {
    watchWindow: (_name, _filters, _size, on) => {
      const w = { ...on, open: true };
      windows.push(w);
      return () => void (w.open = false);
    },
    watchKycQueue: () => () => undefined,
    current: async () => null,
    pendingCounts: async () => ({ deposits: 1, withdrawals: 2, kyc: 3, investmentsDue: 4, approvals: 5 }),
    openListeners: () => windows.filter((w) => w.open).length
  };
  return { feed, windows };
}

describe('the connection state', () => {
  it('says offline once answers come from the cache for a moment, and online when the server answers again', () => {
    const { clock, advance } = fakeClock();
    const { feed, windows } = fakeFeed();
    const events: Array<[string, unknown]> = [];
    const live = new LiveService({ feed, clock, emit: (event, payload) => events.push([event, payload]) });
    live.watch({ list: 'withdrawals', request: { order: 'newest' } });
    const shown = windows[0]!;
    shown.next({ entries: [], fromCache: false });
    shown.next({ entries: [], fromCache: true });
    advance(1_000);
    expect(events.filter(([e]) => e === 'live.connection')).toEqual([]);
    advance(600);
    expect(events.filter(([e]) => e === 'live.connection')).toEqual([['live.connection', { online: false }]]);
    shown.next({ entries: [], fromCache: false });
    expect(events.filter(([e]) => e === 'live.connection').at(-1)).toEqual(['live.connection', { online: true }]);
  });

  it('does not flash offline for a cache answer the server corrects at once', () => {
    const { clock, advance } = fakeClock();
    const { feed, windows } = fakeFeed();
    const events: string[] = [];
    const live = new LiveService({ feed, clock, emit: (event) => events.push(event) });
    live.watch({ list: 'deposits', request: {} });
    windows[0]!.next({ entries: [], fromCache: true });
    windows[0]!.next({ entries: [], fromCache: false });
    advance(5_000);
    expect(events).not.toContain('live.connection');
  });

  it('closes the oldest watch when a page never said it closed', () => {
    const { clock } = fakeClock();
    const { feed } = fakeFeed();
    const live = new LiveService({ feed, clock, emit: () => undefined });
    for (let i = 0; i < 12; i++) live.watch({ list: 'deposits', request: {} });
    expect(feed.openListeners()).toBe(8);
    live.stopAll();
    expect(feed.openListeners()).toBe(0);
  });
});

describe('a listener that stops on an error', () => {
  it('listens again after a second, then reports what changed on the page while it was not listening', async () => {
    const { clock, advance } = fakeClock();
    const { feed, windows } = fakeFeed();
    const events: Array<[string, unknown]> = [];
    const logged: string[] = [];
    const live = new LiveService({ feed, clock, emit: (event, payload) => events.push([event, payload]), log: (message) => logged.push(message) });
    const watchId = live.watch({ list: 'withdrawals', request: { status: 'pending', order: 'newest' } });
    windows[0]!.next({ entries: [entry('b', '2026-03-02'), entry('a', '2026-03-01')], fromCache: false });

    windows[0]!.error(new Error('RESOURCE_EXHAUSTED: Received message larger than max'));
    expect(feed.openListeners()).toBe(0);
    expect(logged).toEqual(['A live withdrawals listener stopped; listening again in 1 s']);
    advance(999);
    expect(windows).toHaveLength(1);
    advance(1);
    expect(windows).toHaveLength(2);
    expect(feed.openListeners()).toBe(1);

    windows[1]!.next({ entries: [entry('b', '2026-03-02', { amount: 30 })], fromCache: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const lists = events.filter(([event]) => event === 'live.list').map(([, payload]) => payload);
    expect(lists).toEqual([
      {
        watchId,
        arrived: [],
        changed: [expect.objectContaining({ id: 'b', amount: 30 })],
        left: [{ id: 'a', row: null, note: 'Deleted elsewhere.' }]
      }
    ]);
  });

  it('waits twice as long after each failure in a row, back to a second once it was answered', () => {
    const { clock, advance } = fakeClock();
    const { feed, windows } = fakeFeed();
    const logged: string[] = [];
    const live = new LiveService({ feed, clock, emit: () => undefined, log: (message) => logged.push(message) });
    live.watch({ list: 'deposits', request: { order: 'newest' } });
    windows[0]!.error(new Error('down'));
    advance(1_000);
    windows[1]!.error(new Error('down'));
    advance(1_999);
    expect(windows).toHaveLength(2);
    advance(1);
    windows[2]!.next({ entries: [], fromCache: false });
    windows[2]!.error(new Error('down'));
    expect(logged.map((line) => line.replace('A live deposits listener stopped; ', ''))).toEqual([
      'listening again in 1 s',
      'listening again in 2 s',
      'listening again in 1 s'
    ]);
  });

  it('does not listen again once the screen closed or the administrator signed out', () => {
    const { clock, advance, pending } = fakeClock();
    const { feed, windows } = fakeFeed();
    const live = new LiveService({ feed, clock, emit: () => undefined, log: () => undefined });
    live.watch({ list: 'deposits', request: { order: 'newest' } });
    windows[0]!.error(new Error('down'));
    live.stopAll();
    expect(pending()).toBe(0);
    advance(120_000);
    expect(windows).toHaveLength(1);
    expect(feed.openListeners()).toBe(0);
  });
});
