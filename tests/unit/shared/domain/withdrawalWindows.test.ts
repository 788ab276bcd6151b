import { describe, expect, it } from 'vitest';
import type { DocSnapshot } from '@shared/domain/changeset';
import { sumWindow, WINDOW_READ_LIMIT, windowFacts, windowWarnings, type WindowFacts } from '@shared/domain/withdrawalWindows';
import { withdrawal } from '../../../support/builders';

// The caps' windows (docs/product-rules.md §5.8): the customer's withdrawals as read, summed in cents
// with the approval's own amount reader.
const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const SINCE_24H = NOW - 24 * HOUR;
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * HOUR).toISOString();
const record = (id: string, amount: unknown, hoursAgo: number, status: unknown = 'pending'): DocSnapshot => ({
  id,
  data: { userId: 'u1', amount, status, createdAt: at(hoursAgo) }
});
const LIMIT = 50;

describe('sumWindow: one window of a customer, this withdrawal included', () => {
  const asked = { ...withdrawal({ amount: 100, createdAt: at(0.1) }), id: 'this' };

  it('sums amounts stored as text as the approval reads them, in cents', () => {
    const read = [asked, record('a', '600.00', 1), record('b', '600.00', 2), record('c', 0.1, 3), record('d', '0.2', 4)];
    expect(sumWindow(asked, read, SINCE_24H, LIMIT)).toEqual({ cents: 10_000 + 120_000 + 10 + 20, read: 5, complete: true, unreadable: [] });
  });

  it('counts pending, approved and undecided withdrawals; a rejected one is read but not counted', () => {
    const read = [record('p', 10, 1), record('a', 20, 2, 'approved'), record('r', 40, 3, 'rejected'), record('n', 80, 4, null), record('e', 160, 5, '')];
    const missing = { id: 'm', data: { userId: 'u1', amount: 320, createdAt: at(6) } };
    expect(sumWindow(asked, [...read, missing], SINCE_24H, LIMIT)).toMatchObject({ cents: (100 + 10 + 20 + 80 + 160 + 320) * 100, read: 6 });
  });

  it('adds this withdrawal when the read did not hold it, and never twice', () => {
    const before = { ...withdrawal({ amount: 100, createdAt: at(30) }), id: 'old' };
    expect(sumWindow(before, [record('a', 50, 1)], SINCE_24H, LIMIT)).toMatchObject({ cents: 15_000, read: 1 });
    const rejected = { ...asked, data: { ...asked.data, status: 'rejected' } };
    expect(sumWindow(rejected, [rejected, record('a', 50, 1)], SINCE_24H, LIMIT)).toMatchObject({ cents: 15_000, read: 2 });
  });

  it('names each amount it cannot read instead of turning the total off', () => {
    const read = [record('nan', Number.NaN, 1), record('comma', '1,250', 2), record('none', undefined, 3), record('ok', 5, 4), record('inf', Infinity, 5)];
    expect(sumWindow(asked, read, SINCE_24H, LIMIT)).toEqual({
      cents: 10_500,
      read: 5,
      complete: true,
      unreadable: ['NaN', '"1,250"', 'none', 'Infinity']
    });
  });

  it('leaves out what was read beyond the window, and is whole when the read went past its start', () => {
    const read = Array.from({ length: LIMIT }, (_, i) => record(`r${i}`, 1, i + 0.5));
    const day = sumWindow(asked, read, SINCE_24H, LIMIT);
    expect(day).toMatchObject({ read: 24, complete: true, cents: 10_000 + 2_400 });
    // Every record read lies in the window and the limit was reached: there may be more.
    const month = sumWindow(asked, read, NOW - 30 * 24 * HOUR, LIMIT);
    expect(month).toMatchObject({ read: LIMIT, complete: false });
  });
});

describe('the caps warnings', () => {
  const facts = (over: Partial<WindowFacts> = {}): WindowFacts => ({
    total: 100,
    cap: 500,
    read: 1,
    complete: true,
    unreadable: { count: 0, amounts: [] },
    ...over
  });
  const messages = (h24: WindowFacts, d30: WindowFacts) => windowWarnings({ h24, d30 }, 100, false).map((w) => w.message);

  it('three $600 amounts stored as text against a $500 cap', () => {
    const asked = { ...withdrawal({ amount: '600.00', createdAt: at(0.1) }), id: 'this' };
    const read = [asked, record('a', '600.00', 1), record('b', '600.00', 2)];
    const h24 = windowFacts(sumWindow(asked, read, SINCE_24H, LIMIT), 500);
    const d30 = windowFacts(sumWindow(asked, read, NOW - 30 * 24 * HOUR, LIMIT), 2000);
    expect(h24).toEqual({ total: 1800, cap: 500, read: 3, complete: true, unreadable: { count: 0, amounts: [] } });
    expect(windowWarnings({ h24, d30 }, 600, true).map((w) => w.message)).toEqual(['Withdrawals in 24 h: $1,800.00, above the $500.00 limit.']);
  });

  it('an amount that cannot be read says the cap may be exceeded, naming the narrower window when it holds them all', () => {
    const one = facts({ unreadable: { count: 1, amounts: ['NaN'] } });
    expect(messages(one, one)).toEqual(['1 withdrawal in the last 24 h has an amount that cannot be read (NaN): the cap may be exceeded.']);
    const more = facts({ unreadable: { count: 3, amounts: ['NaN', '"1,250"'] } });
    expect(messages(one, more)).toEqual(['3 withdrawals in the last 30 days have amounts that cannot be read (NaN, "1,250"): the cap may be exceeded.']);
    // No cap on a window: nothing to exceed there.
    expect(messages(facts({ ...one, cap: null }), facts({ cap: null, unreadable: one.unreadable }))).toEqual([]);
    expect(messages(facts(), facts())).toEqual([]);
  });

  it('a read stopped at its limit says only the latest were read and the total is a floor', () => {
    expect(messages(facts(), facts({ total: 321, complete: false }))).toEqual([
      `More than ${WINDOW_READ_LIMIT} withdrawals in the last 30 days: only the latest ${WINDOW_READ_LIMIT} were read, so the total is at least $321.00 and the cap may be exceeded.`
    ]);
    expect(messages(facts({ complete: false }), facts({ complete: false }))[0]).toContain('in the last 24 h');
  });

  it('shows at most three distinct amounts that cannot be read', () => {
    const sum = { cents: 0, read: 5, complete: true, unreadable: ['NaN', 'NaN', '"a"', '"b"', '"c"'] };
    expect(windowFacts(sum, null).unreadable).toEqual({ count: 5, amounts: ['NaN', '"a"', '"b"'] });
  });
});
