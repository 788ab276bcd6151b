import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allShapes, lists, planList } from '../../src/shared/queries/lists';
import { indexFor, indexKey, type CompositeIndex } from '../../src/shared/queries/shape';
import { handWrittenIndexes } from '../../src/shared/queries/handWritten';

// Production Firestore refuses a query without its composite index; the emulator does not, so
// this is where a missing index is caught.
const declared = new Set(
  (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'firestore.indexes.json'), 'utf8')) as { indexes: CompositeIndex[] }).indexes.map(indexKey)
);

describe('firestore.indexes.json', () => {
  const shapes = allShapes();

  it('enumerates the shapes of every list, filter set and order', () => {
    // 4 money lists: 3 orders x filter sets; users, referrals, audit and mail add theirs.
    expect(shapes.length).toBeGreaterThan(80);
    const of = (collection: string) => shapes.filter((s) => s.collection === collection);
    expect(of('withdrawals').some((s) => s.equality.join() === 'status,userId' && s.order.direction === 'asc' && s.range === 'createdAt')).toBe(true);
    expect(of('deposits').some((s) => s.equality.join() === 'userId,userEmail')).toBe(false);
    expect(of('compoundInvest').every((s) => !s.equality.includes('userId'))).toBe(true);
  });

  it.each(
    allShapes().map((shape) => [
      `${shape.collection} ${shape.equality.join('+') || '-'} ${shape.range ?? ''} ${shape.order.field} ${shape.order.direction}`,
      shape
    ])
  )('%s has its index', (_, shape) => {
    const index = indexFor(shape);
    if (index) expect(declared, indexKey(index)).toContain(indexKey(index));
    else expect(shape.equality).toEqual([]);
  });

  it('declares the hand-written indexes of the dashboard', () => {
    for (const index of handWrittenIndexes) expect(declared).toContain(indexKey(index));
  });

  it('declares the dashboard’s count over every customer’s journal as an index over every journal, which one per customer’s journal does not serve', () => {
    const everyJournal = handWrittenIndexes.find((index) => index.collectionGroup === 'journal' && index.queryScope === 'COLLECTION_GROUP');
    expect(everyJournal?.fields.map((f) => f.fieldPath)).toEqual(['outside', 'at']);
    expect(declared).toContain(indexKey(everyJournal!));
    expect(declared.has(indexKey({ ...everyJournal!, queryScope: 'COLLECTION' }))).toBe(false);
  });

  it('fails on a shape without its index', () => {
    const planned = planList(lists.deposits, { equal: { status: 'pending', email: 'a@b.c' }, order: 'oldest' });
    if (!planned.ok) throw new Error(planned.reason);
    const index = indexFor({ ...planned.plan.shape, equality: ['status', 'nowhere'] });
    expect(declared.has(indexKey(index as CompositeIndex))).toBe(false);
  });
});

describe('planList', () => {
  it('refuses largest with a date range, with a reason', () => {
    const planned = planList(lists.withdrawals, { order: 'largest', from: '2026-01-01T00:00:00Z' });
    expect(planned).toMatchObject({ ok: false, reason: expect.stringContaining('Largest first cannot be combined with dates') });
  });

  it('refuses a customer by id and by e-mail at once', () => {
    expect(planList(lists.deposits, { equal: { userId: 'u', email: 'e' } }).ok).toBe(false);
  });

  it('cannot list customers without KYC, and says why', () => {
    expect(planList(lists.users, { equal: { kyc: 'none' } })).toMatchObject({ ok: false, reason: expect.stringContaining('missing field') });
    expect(planList(lists.users, { equal: { kyc: 'pending' }, order: 'oldest' }).ok).toBe(true);
  });

  it('ranges largest over numbers only, so text amounts are counted apart instead of sorted first', () => {
    const planned = planList(lists.deposits, { order: 'largest' });
    expect(planned).toMatchObject({ ok: true, plan: { range: { numbersOnly: true }, shape: { order: { field: 'amount', direction: 'desc' } } } });
  });

  it('gives one shape whatever order the filters were given in', () => {
    const a = planList(lists.withdrawals, { equal: { userId: 'u', status: 'pending' } });
    const b = planList(lists.withdrawals, { equal: { status: 'pending', userId: 'u' } });
    expect(a).toEqual(b);
  });
});
