import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lists } from '@shared/queries/lists';
import {
  customerByOf,
  customerFilter,
  effectiveOrder,
  viewFromSearch,
  viewToSearch,
  wholeList,
  queryInput,
  countsInput,
  withStatus
} from '@renderer/modules/review-list/view';
import { dayInstant, setFormatPlace, zoneLabel } from '@renderer/lib/format';
import { emptyText, exportFileName, rangeText } from '@renderer/modules/review-list/wording';

const statuses = ['pending', 'approved', 'rejected'];

// The words below are written for an administrator whose computer writes days the British way.
beforeAll(() => setFormatPlace({ locale: 'en-GB', timeZone: 'Europe/Paris' }));
afterAll(() => setFormatPlace(null));

describe('filters in the URL', () => {
  it('reads every filter and writes the same URL back', () => {
    const url = 'status=pending&customer=u1&email=olivia%40example.com&from=2026-11-01&to=2026-11-21&order=oldest&focus=w9&size=25';
    const filters = viewFromSearch(new URLSearchParams(url), statuses);
    expect(filters).toEqual({
      status: 'pending',
      customer: 'u1',
      email: 'olivia@example.com',
      from: '2026-11-01',
      to: '2026-11-21',
      order: 'oldest',
      focus: 'w9',
      size: 25
    });
    expect(viewToSearch(filters).toString()).toBe(url);
  });

  it('ignores what the list does not know: another list status, an unknown order, a day that does not exist', () => {
    const filters = viewFromSearch(new URLSearchParams('status=success&order=biggest&from=2026-02-30&to=21/11/2026&customer=%20&size=30'), statuses);
    expect(filters).toEqual(wholeList);
  });

  it('keeps the params that are not filters (a customer page tab) and drops cleared filters', () => {
    const base = new URLSearchParams('tab=withdrawals&status=pending&from=2026-11-01');
    expect(viewToSearch({ ...wholeList, status: 'approved' }, base).toString()).toBe('tab=withdrawals&status=approved');
  });

  it('choosing a tab drops the explicit order and the focus, so Pending opens oldest first', () => {
    const chosen = withStatus({ ...wholeList, order: 'newest', focus: 'd1' }, 'pending');
    expect(chosen).toEqual({ ...wholeList, status: 'pending' });
    expect(effectiveOrder(lists.withdrawals, chosen)).toBe('oldest');
    expect(effectiveOrder(lists.withdrawals, { status: 'pending', order: 'largest' })).toBe('largest');
    expect(effectiveOrder(lists.withdrawals, { status: null, order: null })).toBe('newest');
  });
});

describe("the administrator's calendar days as instants", () => {
  it('a day starts at midnight and ends at 23:59:59.999 in the zone, with its offset', () => {
    expect(dayInstant('2026-11-21', 'start', 'Europe/Paris')).toBe('2026-11-21T00:00:00.000+01:00');
    expect(dayInstant('2026-11-21', 'end', 'Europe/Paris')).toBe('2026-11-21T23:59:59.999+01:00');
    expect(dayInstant('2026-07-01', 'start', 'Europe/Paris')).toBe('2026-07-01T00:00:00.000+02:00');
    expect(dayInstant('2026-11-21', 'start', 'America/New_York')).toBe('2026-11-21T00:00:00.000-05:00');
    expect(dayInstant('2026-11-21', 'end', 'Asia/Kolkata')).toBe('2026-11-21T23:59:59.999+05:30');
    expect(dayInstant('2026-11-21', 'start', 'UTC')).toBe('2026-11-21T00:00:00.000+00:00');
  });

  it('the offset of a day is the one in force that day (summer time ends on 25 Oct 2026 in Paris)', () => {
    expect(dayInstant('2026-10-25', 'start', 'Europe/Paris')).toBe('2026-10-25T00:00:00.000+02:00');
    expect(dayInstant('2026-10-25', 'end', 'Europe/Paris')).toBe('2026-10-25T23:59:59.999+01:00');
    // Each names the same instant as its offset says.
    expect(new Date(dayInstant('2026-10-25', 'end', 'Europe/Paris')).toISOString()).toBe('2026-10-25T22:59:59.999Z');
  });

  it('names the zone and its offset now', () => {
    expect(zoneLabel('Europe/Paris', new Date('2026-11-21T12:00:00Z'))).toBe('Times in Europe/Paris (UTC+01:00)');
    expect(zoneLabel('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe('Times in America/New_York (UTC-04:00)');
  });
});

describe('a day of the From/To filter in three zones', () => {
  const oneDay = (day: string, timeZone: string) => queryInput({ ...wholeList, from: day, to: day }, 'newest', null, timeZone);
  const within = (instant: string, range: { from?: string | null; to?: string | null }) =>
    Date.parse(range.from!) <= Date.parse(instant) && Date.parse(instant) <= Date.parse(range.to!);

  it.each([
    // 23:30 on 21 Nov at the wall clock of each zone, as the instant Firestore stores.
    ['UTC', '2026-11-21T23:30:00.000Z'],
    ['America/New_York', '2026-11-22T04:30:00.000Z'],
    ['Asia/Kolkata', '2026-11-21T18:00:00.000Z']
  ])('a record at 23:30 in %s is in that day’s list, not the next day’s', (timeZone, lateThatEvening) => {
    expect(within(lateThatEvening, oneDay('2026-11-21', timeZone))).toBe(true);
    expect(within(lateThatEvening, oneDay('2026-11-22', timeZone))).toBe(false);
    // And half an hour later it is the next day's.
    const halfPastMidnight = new Date(Date.parse(lateThatEvening) + 60 * 60_000).toISOString();
    expect(within(halfPastMidnight, oneDay('2026-11-21', timeZone))).toBe(false);
    expect(within(halfPastMidnight, oneDay('2026-11-22', timeZone))).toBe(true);
  });

  it.each([
    ['America/New_York', '2026-03-08', 23],
    ['America/New_York', '2026-11-01', 25],
    ['Europe/Berlin', '2026-03-29', 23],
    ['Europe/Berlin', '2026-10-25', 25],
    ['Asia/Kolkata', '2026-03-08', 24],
    ['UTC', '2026-03-29', 24]
  ])('in %s, %s is %i hours long: its list runs from one midnight to the next', (timeZone, day, hours) => {
    const range = oneDay(day, timeZone);
    expect(Date.parse(range.to!) + 1 - Date.parse(range.from!)).toBe(hours * 3_600_000);
    const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)) + 1)).toISOString().slice(0, 10);
    expect(Date.parse(oneDay(next, timeZone).from!)).toBe(Date.parse(range.to!) + 1);
  });
});

describe('what the list method is sent', () => {
  it('sends the customer by id where the records carry one, by e-mail for compound investments', () => {
    expect(customerByOf(lists.deposits)).toBe('userId');
    expect(customerByOf(lists.compoundInvestments)).toBe('email');
    const both = { userId: 'u1', email: 'olivia@example.com' };
    expect(customerFilter('userId', both)).toEqual({ filter: { userId: 'u1' }, waiting: false });
    expect(customerFilter('email', both)).toEqual({ filter: { email: 'olivia@example.com' }, waiting: false });
    expect(customerFilter('userId', { userId: null, email: 'olivia@example.com' })).toEqual({ filter: { email: 'olivia@example.com' }, waiting: false });
    // Only the id in the URL of compound investments: the e-mail is looked up first.
    expect(customerFilter('email', { userId: 'u1', email: null })).toEqual({ filter: null, waiting: true });
    expect(customerFilter('email', { userId: 'u1', email: null }, 'olivia@example.com').filter).toEqual({ email: 'olivia@example.com' });
    expect(customerFilter('userId', { userId: null, email: null })).toEqual({ filter: null, waiting: false });
  });

  it('turns the filters into the input, and the tab counts leave out status, order and focus', () => {
    const filters = { ...wholeList, status: 'pending', from: '2026-11-01', to: '2026-11-21', focus: 'w9' };
    const input = queryInput(filters, 'oldest', { userId: 'u1' }, 'Europe/Paris');
    expect(input).toEqual({
      status: 'pending',
      customer: { userId: 'u1' },
      from: '2026-11-01T00:00:00.000+01:00',
      to: '2026-11-21T23:59:59.999+01:00',
      order: 'oldest',
      focus: 'w9'
    });
    expect(countsInput(input)).toEqual({ customer: { userId: 'u1' }, from: input.from, to: input.to });
    expect(queryInput(wholeList, 'newest', null, 'UTC')).toEqual({ order: 'newest' });
  });
});

describe('the words for a filtered view', () => {
  it('an empty result names every filter that hid the records', () => {
    const filters = { status: 'pending', from: '2026-11-01', to: '2026-11-21' };
    expect(emptyText('withdrawals', filters, 'olivia@example.com')).toBe('No pending withdrawals for olivia@example.com between 1 Nov and 21 Nov 2026.');
    expect(emptyText('deposits', { status: null, from: null, to: '2026-11-21' }, null)).toBe('No deposits until 21 Nov 2026.');
    expect(rangeText('2025-12-28', '2026-01-03')).toBe('between 28 Dec 2025 and 3 Jan 2026');
    expect(rangeText('2026-11-01', null)).toBe('since 1 Nov 2026');
    expect(rangeText('2026-11-21', '2026-11-21')).toBe('on 21 Nov 2026');
  });

  it('the export file name says which filters made it, and is safe on every file system', () => {
    const filters = { status: 'pending', from: '2026-11-01', to: '2026-11-21' };
    expect(exportFileName('withdrawals', filters, 'olivia@example.com', 'oldest')).toBe(
      'withdrawals-pending-olivia@example.com-2026-11-01-to-2026-11-21-oldest.csv'
    );
    const now = new Date(2026, 10, 21, 9, 30);
    expect(exportFileName('deposits', { status: null, from: null, to: null }, null, 'newest', now)).toBe('deposits-2026-11-21.csv');
    expect(exportFileName('compound-investments', { status: 'active', from: null, to: null }, 'o/l:i*v?"ia+1@ex.com', 'largest', now)).toBe(
      'compound-investments-active-o-l-i-v-ia-1@ex.com-largest-2026-11-21.csv'
    );
    expect(exportFileName('deposits', { status: null, from: '2026-11-01', to: null }, null, 'newest')).toBe('deposits-from-2026-11-01.csv');
  });
});
