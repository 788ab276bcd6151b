import { fc, test as property } from '@fast-check/vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in for production Firestore: it answers an `in` query like the real one, and refuses
// one with more than 30 values the way the real service does (the emulator does not).
const sent: unknown[][] = [];
vi.mock('firebase/firestore', () => ({
  where: (field: unknown, op: string, value: unknown) => ({ field, op, value }),
  query: (ref: { docs: { id: string }[] }, ...filters: { field: unknown; op: string; value: unknown }[]) => ({ ref, filters }),
  getDocFromServer: () => Promise.reject(new Error('an in lookup reads no single document')),
  getDocsFromServer: async (q: { ref: { docs: { id: string }[] }; filters: { op: string; value: unknown[] }[] }) => {
    const inFilter = q.filters.find((f) => f.op === 'in');
    if (!inFilter) throw new Error('expected an in filter');
    sent.push(inFilter.value);
    if (inFilter.value.length > 30) {
      throw Object.assign(new Error("'IN' supports up to 30 comparison values."), { code: 'invalid-argument' });
    }
    return { docs: q.ref.docs.filter((d) => inFilter.value.includes(d.id)) };
  }
}));

const { groupsOf, inGroups, IN_LIMIT, whereIn } = await import('@main/firebase/inFilter');

/** A lookup that refuses more than 30 values, as production Firestore does. */
const strictLookup = (calls: number[][]) => async (group: number[]) => {
  calls.push(group);
  if (group.length > IN_LIMIT) throw new Error(`in with ${group.length} values`);
  return group.map((v) => `found ${v}`);
};

describe('in lookups in groups of 30', () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it('cuts values into consecutive groups of at most 30', () => {
    const values = Array.from({ length: 500 }, (_, i) => i);
    const groups = groupsOf(values);
    expect(groups).toHaveLength(17);
    expect(groups.map((g) => g.length)).toEqual([...Array(16).fill(30), 20]);
    expect(groups.flat()).toEqual(values);
    expect(groupsOf([])).toEqual([]);
    expect(groupsOf(values.slice(0, 30))).toHaveLength(1);
    expect(groupsOf(values.slice(0, 31))).toHaveLength(2);
    expect(() => groupsOf(values, 0)).toThrow(RangeError);
  });

  it('looks up 500 values (an export page) through a lookup that refuses more than 30', async () => {
    const calls: number[][] = [];
    const values = Array.from({ length: 500 }, (_, i) => i);
    const found = await inGroups(values, strictLookup(calls));
    expect(calls).toHaveLength(17);
    expect(Math.max(...calls.map((c) => c.length))).toBe(30);
    expect(found).toEqual(values.map((v) => `found ${v}`));
  });

  it('sends each value once and no query at all for no values', async () => {
    const calls: number[][] = [];
    expect(await inGroups([1, 1, 2, 2, 3], strictLookup(calls))).toEqual(['found 1', 'found 2', 'found 3']);
    expect(calls).toEqual([[1, 2, 3]]);
    calls.length = 0;
    expect(await inGroups([], strictLookup(calls))).toEqual([]);
    expect(calls).toEqual([]);
  });

  property.prop([fc.array(fc.integer({ min: 0, max: 2_000 }), { maxLength: 1_500 })])(
    'never sends more than 30 values and finds every distinct value once',
    async (values) => {
      const calls: number[][] = [];
      const found = await inGroups(values, strictLookup(calls));
      expect(calls.every((c) => c.length >= 1 && c.length <= IN_LIMIT)).toBe(true);
      expect(found).toEqual([...new Set(values)].map((v) => `found ${v}`));
    }
  );

  it('whereIn answers 500 document ids from a Firestore that refuses an in above 30', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `user-${i}`);
    const collection = { docs: ids.filter((_, i) => i % 2 === 0).map((id) => ({ id })) };
    const told: number[] = [];
    const docs = await whereIn(collection as never, '__name__', ids, () => told.push(1));
    expect(docs.map((d) => d.id).sort()).toEqual(collection.docs.map((d) => d.id).sort());
    expect(sent).toHaveLength(17);
    expect(sent.every((values) => values.length <= 30)).toBe(true);
    expect(told).toHaveLength(17);
  });

  it('the fake really refuses an in above 30 (so the test above proves the split)', async () => {
    const { getDocsFromServer, query, where } = await import('firebase/firestore');
    const collection = { docs: [] };
    const values = Array.from({ length: 31 }, (_, i) => `v${i}`);
    await expect(getDocsFromServer(query(collection as never, where('__name__', 'in', values)))).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});

describe('every in filter in src/main/firebase', () => {
  it('goes through whereIn: no other file builds an in, not-in or array-contains-any filter', () => {
    const dir = join(__dirname, '../../../../src/main/firebase');
    const offenders = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && file !== 'inFilter.ts')
      .filter((file) => /['"`](in|not-in|array-contains-any)['"`]/.test(readFileSync(join(dir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
