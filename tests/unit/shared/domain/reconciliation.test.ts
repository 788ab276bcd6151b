import { describe, expect, it } from 'vitest';
import {
  addTotals,
  checkFigure,
  compareIds,
  countCustomer,
  countOrphan,
  driftSentence,
  emptyTotals,
  figuresOf,
  keptDriftedAudit,
  noSums,
  ORPHANS_LISTED,
  recordCents,
  reconcileCustomer
} from '@shared/domain/reconciliation';
import { foundUnder, HeldRecords, placeRecord, recordOwner, type Placed } from '@shared/domain/reconciliationMerge';
import { idOf } from '@core/reads';

const sums = (records: number, adjustments = 0, unsummable = 0) => ({
  ...noSums(),
  records,
  recordCount: 1,
  adjustments,
  adjustmentCount: adjustments ? 1 : 0,
  unsummable
});

describe('reconciling a customer’s stored totals', () => {
  it('finds no drift when the stored figure equals its records plus its audited adjustments', () => {
    const check = checkFigure('Totaldeposit', 112.5, sums(10_000, 1_250));
    expect(check).toMatchObject({ stored: 112.5, records: 100, adjustments: 12.5, drift: 0, problem: null });
    expect(driftSentence(check)).toBeNull();
  });

  it('names the unexplained amount, either way, in dollars', () => {
    expect(driftSentence(checkFigure('Totaldeposit', 500, sums(45_000)))).toBe('Total deposit is $50.00 more than its records and adjustments explain.');
    expect(driftSentence(checkFigure('Totalwithdrawal', 0, sums(3_000)))).toBe('Total withdrawal is $30.00 less than its records and adjustments explain.');
  });

  it('sums in cents, so 0.1 + 0.2 deposits explain a stored 0.3', () => {
    const cents = (recordCents(0.1) ?? 0) + (recordCents(0.2) ?? 0);
    expect(checkFigure('Totaldeposit', 0.3, sums(cents)).drift).toBe(0);
  });

  it('reads an amount as the approval does: "250.00" is $250.00; NaN, missing, negative or "1,250" cannot be summed', () => {
    expect(recordCents('250.00')).toBe(25_000);
    expect(recordCents(' 12.5 ')).toBe(1_250);
    expect(recordCents(250)).toBe(25_000);
    for (const refused of [Number.NaN, undefined, null, -5, '1,250', 'about 50', Number.POSITIVE_INFINITY]) expect(recordCents(refused)).toBeNull();
  });

  it('cannot check a stored figure that is not a number, and says so', () => {
    const check = checkFigure('Totaldeposit', 'lots', sums(0));
    expect(check).toMatchObject({ stored: null, drift: null });
    expect(check.problem).toBe('Total deposit is stored as "lots", not a number.');
  });

  it('checks Totalwithdrawals only where the document holds it; a missing figure is zero', () => {
    expect(figuresOf({ Totaldeposit: 1 })).toEqual(['Totaldeposit', 'Totalwithdrawal']);
    expect(figuresOf({ Totalwithdrawals: 30 })).toEqual(['Totaldeposit', 'Totalwithdrawal', 'Totalwithdrawals']);
    const checks = reconcileCustomer({ Totalwithdrawals: 30 }, { Totalwithdrawal: sums(3_000), Totalwithdrawals: sums(3_000) });
    expect(checks.map((c) => [c.figure, c.drift])).toEqual([
      ['Totaldeposit', 0],
      ['Totalwithdrawal', -30],
      ['Totalwithdrawals', 0]
    ]);
  });

  it('counts drifted customers and their net drift for the run', () => {
    const totals = emptyTotals();
    expect(countCustomer(totals, { id: 'a', data: {} }, reconcileCustomer({ Totaldeposit: 0 }, {}))).toBeNull();
    const kept = countCustomer(
      totals,
      { id: 'c', data: { fullname: ' Cat ', email: 'cat@example.com' } },
      reconcileCustomer({ Totaldeposit: 500 }, { Totaldeposit: sums(45_000) })
    );
    expect(kept).toMatchObject({ userId: 'c', fullname: 'Cat', email: 'cat@example.com' });
    expect(totals).toMatchObject({ customers: 2, drifted: 1, unreadable: 0, drift: { Totaldeposit: 5_000, Totalwithdrawal: 0 } });
  });
});

describe('the order the run merges in', () => {
  it('is Firestore’s (code points), not JavaScript’s UTF-16 order', () => {
    // U+FF5E sorts before U+1F600 by code point, after it by UTF-16 code unit.
    const ids = ['\u{1F600}', '\uFF5E', 'b', 'a', 'ab'];
    expect([...ids].sort(compareIds)).toEqual(['a', 'ab', 'b', '\uFF5E', '\u{1F600}']);
    expect([...ids].sort()).not.toEqual([...ids].sort(compareIds));
  });
});

const text = (userId: string, path = `deposits/${userId.trim() || 'blank'}`): Placed => ({ path, userId, beforeText: false });
const notText = (beforeText: boolean, path = 'deposits/x'): Placed => ({ path, userId: null, beforeText });

describe('whose a record is', () => {
  it('is read as a status change reads the customer it credits: spaces around the id dropped, nothing that is not text', () => {
    for (const userId of ['u1', ' u1 ', '\tu1\n', 'u1 ', '', '   ', 'users/u1', 42, null, { id: 'u1' }, ['u1']]) {
      expect(recordOwner(userId), JSON.stringify(userId)).toBe(idOf(userId));
    }
  });

  it('is found under the id, the id with spaces after it, and with spaces before it; other spaces sort elsewhere and are not', () => {
    expect(foundUnder('u1', 'u1')).toBe(true);
    expect(foundUnder('u1', 'u1 ')).toBe(true);
    expect(foundUnder('u1', ' u1 ')).toBe(true);
    expect(foundUnder('u1', '\tu1')).toBe(true);
    expect(foundUnder('u1', 'u1\u00a0')).toBe(false);
    expect(foundUnder('u1', 'u10')).toBe(false);
    expect(foundUnder('u1', 'u1 x')).toBe(false);
  });
});

describe('where the merge puts the next record', () => {
  it('gives a customer their id and its spellings after it, and leaves what sorts at or after the next customer waiting', () => {
    expect(placeRecord(text('b'), 'b', 'c')).toBe('theirs');
    expect(placeRecord(text('b  '), 'b', 'c')).toBe('theirs');
    expect(placeRecord(text('c'), 'b', 'c')).toBe('later');
    expect(placeRecord(text('zz'), 'b', 'c')).toBe('later');
  });

  it('counts as orphans what sorts before the next customer and is not theirs, and everything once no customer is left', () => {
    expect(placeRecord(text('a'), 'b', 'c')).toBe('orphan');
    expect(placeRecord(text('b x'), 'b', 'c')).toBe('orphan');
    expect(placeRecord(text('zz'), 'b', null)).toBe('orphan');
    expect(placeRecord(text('zz'), null, null)).toBe('orphan');
  });

  it('leaves ids starting with a space to be read apart', () => {
    expect(placeRecord(text(' b'), 'b', 'c')).toBe('apart');
    expect(placeRecord(text(''), 'b', 'c')).toBe('apart');
  });

  it('counts a userId that is not text as an orphan: at once when Firestore sorts it before text, after the last customer when after it', () => {
    expect(placeRecord(notText(true), 'b', 'c')).toBe('orphan');
    expect(placeRecord(notText(false), 'b', 'c')).toBe('later');
    expect(placeRecord(notText(false), 'b', null)).toBe('orphan');
  });
});

describe('records read apart (a space before the id)', () => {
  const held = (after: string | null, ...items: Placed[]) => {
    const records = new HeldRecords<Placed>(after);
    for (const item of items) records.add(item);
    records.sort();
    return records;
  };
  const hand = (records: HeldRecords<Placed>, customer: string | null) => {
    const seen = { theirs: [] as string[], orphans: [] as string[] };
    records.upTo(
      customer,
      (item) => seen.theirs.push(item.path),
      (item) => seen.orphans.push(item.path)
    );
    return seen;
  };

  it('wait for their customer; those naming nobody, or a customer the merge passed without meeting, are orphans', () => {
    const records = held(null, text(' c', 'deposits/c1'), text(' a', 'deposits/a1'), text(' ', 'deposits/blank'), text(' b', 'deposits/b1'));
    expect(hand(records, 'a')).toEqual({ theirs: ['deposits/a1'], orphans: ['deposits/blank'] });
    expect(hand(records, 'c')).toEqual({ theirs: ['deposits/c1'], orphans: ['deposits/b1'] });
    expect(records.size).toBe(0);
  });

  it('after the last customer, are all orphans', () => {
    expect(hand(held(null, text(' z', 'deposits/z1')), null)).toEqual({ theirs: [], orphans: ['deposits/z1'] });
  });

  it('on a resumed run, leave out what the saved pages counted: every record up to its last customer', () => {
    const records = held('b', text(' a'), text(' ', 'deposits/blank'), text(' b'), text(' c', 'deposits/c1'));
    expect(records.size).toBe(1);
    expect(hand(records, 'c')).toEqual({ theirs: ['deposits/c1'], orphans: [] });
  });
});

describe('orphans and the audit entry of drifted customers', () => {
  it('lists orphans by path up to ORPHANS_LISTED, and counts every one', () => {
    const totals = emptyTotals();
    const step = emptyTotals();
    for (let i = 0; i < ORPHANS_LISTED - 1; i++) countOrphan(totals, `deposits/o${i}`);
    for (let i = 0; i < 3; i++) countOrphan(step, `withdrawals/w${i}`);
    addTotals(totals, step);
    expect(totals.orphans).toBe(ORPHANS_LISTED + 2);
    expect(totals.orphanPaths).toHaveLength(ORPHANS_LISTED);
    expect(totals.orphanPaths.at(-1)).toBe('withdrawals/w0');
  });

  it('names each drifted row it covers', () => {
    const { draft, paths } = keptDriftedAudit('run-1', ['u1', 'u2']);
    expect(paths).toEqual(['reconciliationRuns/run-1/drifted/u1', 'reconciliationRuns/run-1/drifted/u2']);
    expect(draft).toMatchObject({ kind: 'reconciliation', action: 'reconciliation.keepDrifted', entityPath: 'reconciliationRuns/run-1' });
    expect(draft.summary).toBe('Reconciliation kept 2 drifted customers');
  });
});
