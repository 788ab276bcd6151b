import { afterEach, describe, expect, it } from 'vitest';
import { exportColumns, toCsv } from '../../src/shared/export/csv';
import type { DepositRow } from '../../src/shared/contract';
import {
  formatCalendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatTime,
  localDay,
  localTimeZone,
  setFormatPlace
} from '../../src/renderer/src/lib/format';

afterEach(() => setFormatPlace(null));

/** ICU writes a narrow no-break space before AM/PM; the eye reads a space. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const instant = '2026-11-21T14:32:05Z';

describe('dates and times in the administrator’s locale and zone, the zone named', () => {
  it.each([
    ['en-US', 'UTC', 'Nov 21, 2026, 2:32 PM UTC', '2:32:05 PM UTC'],
    ['en-US', 'Europe/Paris', 'Nov 21, 2026, 3:32 PM GMT+1', '3:32:05 PM GMT+1'],
    ['en-US', 'America/New_York', 'Nov 21, 2026, 9:32 AM EST', '9:32:05 AM EST'],
    ['en-GB', 'UTC', '21 Nov 2026, 14:32 UTC', '14:32:05 UTC'],
    ['en-GB', 'Europe/Paris', '21 Nov 2026, 15:32 CET', '15:32:05 CET'],
    ['en-GB', 'America/New_York', '21 Nov 2026, 09:32 GMT-5', '09:32:05 GMT-5']
  ])('%s in %s', (locale, timeZone, dateTime, time) => {
    setFormatPlace({ locale, timeZone });
    expect(localTimeZone()).toBe(timeZone);
    expect(plain(formatDateTime(instant))).toBe(dateTime);
    expect(plain(formatTime(instant))).toBe(time);
  });

  it('the day of an instant is the one in the administrator’s zone', () => {
    const lateInNewYork = '2026-11-22T03:00:00Z';
    setFormatPlace({ locale: 'en-US', timeZone: 'America/New_York' });
    expect(formatDate(lateInNewYork)).toBe('Nov 21, 2026');
    expect(localDay(new Date(lateInNewYork))).toBe('2026-11-21');
    setFormatPlace({ locale: 'en-GB', timeZone: 'Europe/Paris' });
    expect(formatDate(lateInNewYork)).toBe('22 Nov 2026');
    expect(localDay(new Date(lateInNewYork))).toBe('2026-11-22');
  });

  it('a calendar day and a calendar date (a birthday) never move with the zone', () => {
    for (const timeZone of ['UTC', 'Europe/Paris', 'America/New_York']) {
      setFormatPlace({ locale: 'en-US', timeZone });
      expect(formatDay('2026-11-21')).toBe('Nov 21, 2026');
      expect(formatDay('2026-11-21', 'short')).toBe('Nov 21');
      expect(formatCalendarDate('2003-04-11T00:00:00.000Z')).toBe('April 11, 2003');
      setFormatPlace({ locale: 'en-GB', timeZone });
      expect(formatDay('2026-11-21')).toBe('21 Nov 2026');
      expect(formatDay('2026-11-21', 'weekday')).toBe('Sat, 21 Nov 2026');
      expect(formatCalendarDate('2003-04-11T00:00:00.000Z')).toBe('11 April 2003');
    }
  });

  it('says nothing it cannot trust', () => {
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDateTime(null, 'None yet')).toBe('None yet');
    expect(formatCalendarDate('', 'N/A')).toBe('N/A');
  });
});

describe('money and counts', () => {
  it('money is US dollars with two decimals in every locale', () => {
    for (const locale of ['en-US', 'en-GB']) {
      setFormatPlace({ locale, timeZone: 'Europe/Paris' });
      expect(formatMoney(1234.5)).toBe('$1,234.50');
      expect(formatMoney(-0.1)).toBe('-$0.10');
      expect(formatMoney(Number.NaN)).toBe('—');
      expect(formatCount(12345)).toBe('12,345');
    }
  });
});

describe('CSV files', () => {
  it('keep ISO dates whatever the administrator’s locale', () => {
    setFormatPlace({ locale: 'en-GB', timeZone: 'America/New_York' });
    const row: DepositRow = {
      id: 'd1',
      userId: 'u1',
      email: 'olivia@example.com',
      username: 'Olivia',
      method: 'BTC',
      amount: 250,
      amountRaw: null,
      timestamp: '2026-11-21T14:32:05.000Z',
      status: 'success',
      investmentId: null,
      txid: null
    };
    expect(toCsv(exportColumns.deposits, [row])).toContain('2026-11-21T14:32:05.000Z');
  });
});
