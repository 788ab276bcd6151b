import { describe, expect, it } from 'vitest';
import {
  closedDay,
  dayIn,
  dayStart,
  daysEndingWith,
  nextDay,
  readDailySnapshot,
  storedSnapshot,
  takeDailySnapshot,
  type DailySnapshot
} from '@shared/domain/dailySnapshot';

// The daily snapshot's day is the platform's (docs/product-rules.md §10.7): its start, its length across
// a daylight-saving change, the day a snapshot taken now is of, and a snapshot written once.

const amount = (cents: number) => ({ cents, leftOut: 0 });
const snapshot = (day: string): DailySnapshot => ({
  day,
  timeZone: 'UTC',
  owed: { balances: amount(100), pendingWithdrawals: amount(0), activePrincipal: amount(5), dueThisWeek: amount(0) },
  flows: { creditedDeposits: amount(1), approvedWithdrawals: amount(2), payouts: amount(3), bonuses: amount(4) },
  takenAt: '2026-11-28T00:05:00.000Z',
  takenBy: 'desktop'
});

describe('the platform’s day', () => {
  it('starts at the zone’s midnight, in UTC, New York and Kolkata', () => {
    expect(dayStart('UTC', '2026-11-27').toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(dayStart('America/New_York', '2026-11-27').toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(dayStart('Asia/Kolkata', '2026-11-27').toISOString()).toBe('2026-11-26T18:30:00.000Z');
  });

  it('is 23 hours long the day summer time begins and 25 the day it ends (New York)', () => {
    const hours = (day: string) => (dayStart('America/New_York', nextDay(day)).getTime() - dayStart('America/New_York', day).getTime()) / 3_600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-11-02')).toBe(24);
  });

  it('an instant at 23:30 in New York is that day there and the next in UTC', () => {
    const late = new Date('2026-11-28T04:30:00Z');
    expect(dayIn('America/New_York', late)).toBe('2026-11-27');
    expect(dayIn('UTC', late)).toBe('2026-11-28');
  });

  it('a snapshot taken now is of the last finished day in the platform’s zone', () => {
    const now = new Date('2026-11-28T02:00:00Z');
    expect(closedDay('UTC', now)).toBe('2026-11-27');
    expect(closedDay('America/New_York', now)).toBe('2026-11-26');
    expect(closedDay('Asia/Kolkata', now)).toBe('2026-11-27');
  });

  it('lists the days ending with one, across a month’s end', () => {
    expect(daysEndingWith('2026-03-02', 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('a stored snapshot', () => {
  it('reads back as written', () => {
    expect(readDailySnapshot('2026-11-27', storedSnapshot(snapshot('2026-11-27')))).toEqual(snapshot('2026-11-27'));
  });

  it('a figure that is not whole cents reads as nothing summed and one left out, not as a number', () => {
    const stored = storedSnapshot(snapshot('2026-11-27'));
    const read = readDailySnapshot('2026-11-27', { ...stored, owed: { ...(stored.owed as object), balances: { cents: '100', leftOut: 2 } } });
    expect(read?.owed.balances).toEqual({ cents: 0, leftOut: 3 });
    expect(readDailySnapshot('latest', stored)).toBeNull();
  });

  it('is written once: a day that has one is refused, and nothing is written', () => {
    const taken = takeDailySnapshot(null, snapshot('2026-11-27'));
    expect(taken.ok && taken.value.changes.map((c) => c.path)).toEqual(['dailySnapshots/2026-11-27']);
    const again = takeDailySnapshot({ takenBy: 'server' }, snapshot('2026-11-27'));
    expect(again).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });
});
