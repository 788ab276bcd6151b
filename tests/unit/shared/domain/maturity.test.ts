import { describe, expect, it } from 'vitest';
import { compoundMaturityOf, distanceText, distanceTo, instantOf, maturityOf, roiDueOf } from '@shared/domain/maturity';
import { StoredTimestamp } from '@shared/domain/stored';

const created = new StoredTimestamp(Date.UTC(2026, 0, 1, 12) / 1000, 0);

describe('maturity', () => {
  it('is the creation date plus the duration in whole days, from a timestamp, a date or an ISO string', () => {
    expect(maturityOf(created, 30)).toEqual({ ok: true, value: new Date(Date.UTC(2026, 0, 31, 12)) });
    expect(maturityOf(new Date(Date.UTC(2026, 0, 1)), 7)).toEqual({ ok: true, value: new Date(Date.UTC(2026, 0, 8)) });
    expect(maturityOf('2026-01-01T00:00:00.000Z', 90)).toEqual({ ok: true, value: new Date(Date.UTC(2026, 3, 1)) });
  });

  it('says why when a field is missing or unreadable, never a guess', () => {
    expect(maturityOf(undefined, 30)).toEqual({ ok: false, error: { code: 'VALIDATION', message: 'It has no creation date, so its maturity is unknown.' } });
    expect(maturityOf('soon', 30)).toMatchObject({ ok: false, error: { message: 'Its creation date ("soon") is not a date, so its maturity is unknown.' } });
    expect(maturityOf(created, undefined)).toMatchObject({ ok: false, error: { message: 'It has no duration, so its maturity is unknown.' } });
    for (const duration of ['30', 7.5, 0, -3, Number.NaN]) {
      expect(maturityOf(created, duration)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    }
    expect(maturityOf(created, '30')).toMatchObject({
      ok: false,
      error: { message: 'Its duration ("30") is not a whole number of days, so its maturity is unknown.' }
    });
  });

  it('takes a compound investment from its end date', () => {
    expect(compoundMaturityOf('2026-02-01T00:00:00.000Z')).toEqual({ ok: true, value: new Date(Date.UTC(2026, 1, 1)) });
    expect(compoundMaturityOf(null)).toMatchObject({ ok: false, error: { message: 'It has no end date, so its maturity is unknown.' } });
  });

  it('reads instants of every stored kind and nothing else', () => {
    expect(instantOf(created)?.toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(instantOf('')).toBeNull();
    expect(instantOf({ seconds: 1 })).toBeNull();
    expect(instantOf(new Date(Number.NaN))).toBeNull();
  });
});

describe('ROI due', () => {
  it('is amount x roi %, rounded to the cent, with the principal in cents', () => {
    expect(roiDueOf(1000, 12)).toEqual({ ok: true, value: { principal: 100_000, roi: 12_000 } });
    expect(roiDueOf(123.45, 5)).toEqual({ ok: true, value: { principal: 12_345, roi: 617 } });
    expect(roiDueOf('250.00', 12.5)).toEqual({ ok: true, value: { principal: 25_000, roi: 3_125 } });
    expect(roiDueOf(0.1, 0)).toEqual({ ok: true, value: { principal: 10, roi: 0 } });
  });

  it('names the unreadable field', () => {
    expect(roiDueOf('1,000', 5)).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: 'Its amount is not a number ("1,000").' } });
    expect(roiDueOf(1000, undefined)).toMatchObject({ ok: false, error: { message: 'It has no ROI, so what it owes is unknown.' } });
    expect(roiDueOf(1000, '5')).toMatchObject({ ok: false, error: { message: 'Its ROI ("5") is not a percentage.' } });
    expect(roiDueOf(1000, -1)).toMatchObject({ ok: false });
  });
});

describe('days left or overdue', () => {
  const maturity = new Date(Date.UTC(2026, 0, 31, 12));
  it('counts a part of a day left as a day, and whole days overdue', () => {
    expect(distanceTo(maturity, new Date(Date.UTC(2026, 0, 28, 12)))).toEqual({ kind: 'left', days: 3 });
    expect(distanceTo(maturity, new Date(Date.UTC(2026, 0, 31, 11, 59)))).toEqual({ kind: 'left', days: 1 });
    expect(distanceTo(maturity, maturity)).toEqual({ kind: 'overdue', days: 0 });
    expect(distanceTo(maturity, new Date(Date.UTC(2026, 1, 2, 13)))).toEqual({ kind: 'overdue', days: 2 });
  });

  it('says it in words', () => {
    expect(distanceText({ kind: 'left', days: 1 })).toBe('1 day left');
    expect(distanceText({ kind: 'left', days: 3 })).toBe('3 days left');
    expect(distanceText({ kind: 'overdue', days: 0 })).toBe('Due today');
    expect(distanceText({ kind: 'overdue', days: 1 })).toBe('1 day overdue');
  });
});
