import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '@shared/domain/journal';
import { inPeriod, instantOf, STATEMENT_MAX_MOVEMENTS, statementOf, statementPeriod } from '@shared/domain/statement';

const amount = (cents: number | null) => ({ cents, unreadable: null });

/** An entry that moved the balance from `before` to `after` cents (or only another figure, when moved is false). */
function entry(id: string, at: string, before: number, after: number, extra: Partial<JournalRecord> = {}): JournalRecord {
  return {
    id,
    at,
    userId: 'dana',
    kind: 'updated',
    changes:
      before === after
        ? [{ field: 'TotalBonus', before: amount(0), after: amount(100), deltaCents: 100 }]
        : [{ field: 'balance', before: amount(before), after: amount(after), deltaCents: after - before }],
    balanceMoved: before !== after,
    balanceAfter: amount(after),
    writer: { kind: 'administrator', id: 'admin' },
    auditId: 'op',
    outside: false,
    ...extra
  };
}

const period = { period: statementPeriod('2026-03-01T00:00:00.000Z', '2026-03-31T23:59:59.999Z') };

describe('a statement’s period', () => {
  // The renderer's periods: a day's first and last millisecond in the administrator's zone.
  const march = statementPeriod('2026-03-01T00:00:00.000Z', '2026-03-31T23:59:59.999Z');
  const april = statementPeriod('2026-04-01T00:00:00.000Z', '2026-04-30T23:59:59.999Z');

  it('ends where the next one starts, so a change in the last millisecond of a period (23:59:59.999500) is in it and in no other', () => {
    expect(march.nextStart).toEqual(april.from);
    const lastMillisecond = instantOf('2026-03-31T23:59:59.999500Z');
    expect([inPeriod(lastMillisecond, march), inPeriod(lastMillisecond, april)]).toEqual([true, false]);
    expect([inPeriod(instantOf('2026-04-01T00:00:00.000000Z'), march), inPeriod(instantOf('2026-03-01T00:00:00.000000Z'), march)]).toEqual([false, true]);
  });

  it('ends where the next one starts in a zone ahead of UTC too', () => {
    const kolkataMarch = statementPeriod('2026-03-01T00:00:00.000+05:30', '2026-03-31T23:59:59.999+05:30');
    expect(kolkataMarch.nextStart).toEqual(instantOf('2026-04-01T00:00:00.000+05:30'));
    expect(inPeriod(instantOf('2026-03-31T18:29:59.999999Z'), kolkataMarch)).toBe(true);
  });
});

describe('a statement from the journal', () => {
  it('opens with the balance the last entry before the period left, runs through each movement and closes with the last', () => {
    const first = entry('e0', '2026-01-10T00:00:00.000Z', 0, 10000);
    const lastBefore = entry('e1', '2026-02-20T00:00:00.000Z', 12000, 12000);
    const moves = [
      entry('e2', '2026-03-02T00:00:00.000Z', 12000, 9550),
      entry('e3', '2026-03-15T00:00:00.000Z', 9550, 10000, { outside: true, auditId: null })
    ];
    const statement = statementOf({ ...period, first, lastBefore, movements: moves });
    if (!statement.ok) throw new Error(statement.error.message);
    expect(statement.value).toMatchObject({ journalSince: first.at, complete: true, opening: amount(12000), closing: amount(10000) });
    // By hand: 120.00 - 24.50 = 95.50; + 4.50 = 100.00.
    expect(statement.value.movements.map((m) => [m.id, m.deltaCents, m.running.cents, m.outside, m.gap])).toEqual([
      ['e2', -2450, 9550, false, false],
      ['e3', 450, 10000, true, false]
    ]);
  });

  it('closes with the opening balance when nothing moved it', () => {
    const lastBefore = entry('e1', '2026-02-20T00:00:00.000Z', 3000, 4000);
    const statement = statementOf({ ...period, first: lastBefore, lastBefore, movements: [] });
    expect(statement).toMatchObject({ ok: true, value: { complete: true, opening: amount(4000), movements: [], closing: amount(4000) } });
  });

  it('says when the journal begins inside the period, opening with the balance it found then', () => {
    const first = entry('e1', '2026-03-05T00:00:00.000Z', 2000, 2500);
    const statement = statementOf({ ...period, first, lastBefore: null, movements: [first] });
    expect(statement).toMatchObject({ ok: true, value: { journalSince: first.at, complete: false, opening: amount(2000), closing: amount(2500) } });
  });

  it('has no balance to tell when the journal begins after the period', () => {
    const first = entry('e1', '2026-05-01T00:00:00.000Z', 0, 100);
    expect(statementOf({ ...period, first, lastBefore: null, movements: [] })).toMatchObject({
      ok: true,
      value: { journalSince: first.at, complete: false, opening: null, closing: null, movements: [] }
    });
    expect(statementOf({ ...period, first: null, lastBefore: null, movements: [] })).toMatchObject({ ok: true, value: { journalSince: null, opening: null } });
  });

  it('marks a movement whose balance before is not the one the previous line left', () => {
    const lastBefore = entry('e1', '2026-02-20T00:00:00.000Z', 0, 1000);
    const statement = statementOf({ ...period, first: lastBefore, lastBefore, movements: [entry('e2', '2026-03-02T00:00:00.000Z', 1500, 2000)] });
    expect(statement.ok && statement.value.movements[0]?.gap).toBe(true);
  });

  it('refuses a period with more movements than one statement holds, saying what to do', () => {
    const moves = Array.from({ length: STATEMENT_MAX_MOVEMENTS + 1 }, (_, i) => entry(`e${i}`, '2026-03-02T00:00:00.000Z', i, i + 1));
    expect(statementOf({ ...period, first: null, lastBefore: null, movements: moves })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'This period holds more than 5,000 balance movements, the most one statement shows. Choose a shorter period.' }
    });
  });
});
