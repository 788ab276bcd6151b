import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { csvHeaders, exportColumns, toCsv } from '../../../src/shared/export/csv';
import { statementColumns } from '../../../src/shared/export/statement';
import type { DepositRow } from '../../../src/shared/contract';
import {
  formatCalendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatTime,
  isoInZone,
  localDay,
  localTimeZone,
  setFormatPlace,
  zoneLabel,
  zoneName
} from '../../../src/renderer/src/lib/format';

afterEach(() => setFormatPlace(null));

/** ICU writes a narrow no-break space before AM/PM; the eye reads a space. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const instant = '2026-11-21T14:32:05Z';

describe('dates and times in the administrator’s locale and zone, the zone named', () => {
  it.each([
    ['en-US', 'UTC', 'Nov 21, 2026, 2:32 PM UTC', '2:32:05 PM UTC'],
    ['en-US', 'Etc/UTC', 'Nov 21, 2026, 2:32 PM UTC', '2:32:05 PM UTC'],
    ['en-US', 'Europe/Paris', 'Nov 21, 2026, 3:32 PM Europe/Paris', '3:32:05 PM Europe/Paris'],
    ['en-US', 'America/New_York', 'Nov 21, 2026, 9:32 AM America/New_York', '9:32:05 AM America/New_York'],
    ['en-US', 'Asia/Kolkata', 'Nov 21, 2026, 8:02 PM Asia/Kolkata', '8:02:05 PM Asia/Kolkata'],
    ['en-GB', 'UTC', '21 Nov 2026, 14:32 UTC', '14:32:05 UTC'],
    ['en-GB', 'Europe/Paris', '21 Nov 2026, 15:32 Europe/Paris', '15:32:05 Europe/Paris'],
    ['en-GB', 'America/New_York', '21 Nov 2026, 09:32 America/New_York', '09:32:05 America/New_York'],
    ['en-GB', 'Pacific/Chatham', '22 Nov 2026, 04:17 Pacific/Chatham', '04:17:05 Pacific/Chatham']
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

describe('the zone times are shown in', () => {
  it('is named beside the dates a list is filtered by, UTC without an offset', () => {
    const winter = new Date('2026-11-21T12:00:00Z');
    expect(zoneLabel('UTC', winter)).toBe('Times in UTC');
    expect(zoneLabel('Asia/Kolkata', winter)).toBe('Times in Asia/Kolkata (UTC+05:30)');
    expect(zoneLabel('Pacific/Chatham', winter)).toBe('Times in Pacific/Chatham (UTC+13:45)');
    setFormatPlace({ locale: 'en-US', timeZone: 'America/New_York' });
    expect(zoneLabel(undefined, winter)).toBe('Times in America/New_York (UTC-05:00)');
  });

  it.each([
    ['UTC', '2026-11-21T14:32:05.000Z', '2026-03-08T07:30:00.000Z'],
    ['America/New_York', '2026-11-21T09:32:05.000-05:00', '2026-03-08T03:30:00.000-04:00'],
    ['Asia/Kolkata', '2026-11-21T20:02:05.000+05:30', '2026-03-08T13:00:00.000+05:30'],
    ['Pacific/Chatham', '2026-11-22T04:17:05.000+13:45', '2026-03-08T21:15:00.000+13:45']
  ])('writes an instant as ISO at the wall time of %s, with its offset', (timeZone, winter, afterTheChange) => {
    setFormatPlace({ locale: 'en-GB', timeZone });
    expect(isoInZone('2026-11-21T14:32:05Z')).toBe(winter);
    // New York moved to summer time at 2:00 that morning: the offset is the one in force at the instant.
    expect(isoInZone('2026-03-08T07:30:00.000Z')).toBe(afterTheChange);
    expect(new Date(isoInZone('2026-03-08T07:30:00.000Z')).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(isoInZone('not a date')).toBe('not a date');
  });
});

/** A deposit as its list's row, at `timestamp`. */
const deposit = (timestamp: string): DepositRow => ({
  id: 'd1',
  userId: 'u1',
  email: 'olivia@example.com',
  username: 'Olivia',
  method: 'BTC',
  amount: 250,
  amountRaw: null,
  timestamp,
  status: 'success',
  investmentId: null,
  txid: null
});

describe('CSV files', () => {
  it('keep ISO dates whatever the administrator’s locale', () => {
    setFormatPlace({ locale: 'en-GB', timeZone: 'America/New_York' });
    expect(toCsv(exportColumns.deposits, [deposit('2026-11-21T14:32:05.000Z')])).toContain('2026-11-21T14:32:05.000Z');
  });

  /** The deposits file as the desk writes it in `timeZone`: its one row read back by header. */
  const depositsFile = (timeZone: string, timestamp: string) => {
    setFormatPlace({ locale: 'en-US', timeZone });
    const text = toCsv(exportColumns.deposits, [deposit(timestamp)], { zone: zoneName(), write: isoInZone });
    return { text, row: Papa.parse<Record<string, string>>(text, { header: true }).data[0]! };
  };

  it('write each time at the wall clock of the zone the screens show, and name that zone in the column’s header', () => {
    expect(depositsFile('Europe/Berlin', '2026-11-21T14:32:05.000Z').row['Timestamp (Europe/Berlin)']).toBe('2026-11-21T15:32:05.000+01:00');
    expect(depositsFile('Etc/UTC', '2026-11-21T14:32:05.000Z').row['Timestamp (UTC)']).toBe('2026-11-21T14:32:05.000Z');
    // 18:45 in London is a quarter past midnight of the next day in Kolkata: the file says the day the screen shows.
    const { text, row } = depositsFile('Asia/Kolkata', '2026-11-21T18:45:00.000Z');
    expect(row['Timestamp (Asia/Kolkata)']).toBe('2026-11-22T00:15:00.000+05:30');
    // Columns that are not times keep their header and value.
    expect(text.split('\r\n')[0]).toBe('Email,Name,Method,Amount,Timestamp (Asia/Kolkata),Status,Investment ID,Txid,ID');
    expect(row.Amount).toBe('250');
  });

  it('write a statement’s times in the same zone', () => {
    setFormatPlace({ timeZone: 'America/New_York' });
    expect(csvHeaders(statementColumns, zoneName())).toEqual([
      'Line',
      'Time (America/New_York)',
      'Change',
      'Balance',
      'Made by',
      'Source',
      'Note',
      'Journal entry'
    ]);
  });
});
