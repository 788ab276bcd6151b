import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical, chainNext, EMPTY_HEAD, GENESIS_HASH, linkHash, verifyChain, type ChainedEntry, type ChainHead } from '@shared/domain/chain';
import { storedTimestampAt } from '@shared/domain/stored';

/** A chain as a writer makes it: each entry gets its seq and hash from the head before it. */
function build(entries: Record<string, unknown>[]): { chain: ChainedEntry[]; head: ChainHead } {
  let head = EMPTY_HEAD;
  const chain = entries.map((entry, i) => {
    head = chainNext(head, entry);
    return { path: `users/u1/journal/e${i}`, data: { ...entry, seq: head.seq, hash: head.hash } };
  });
  return { chain, head };
}

const entry = fc.record({
  field: fc.constantFrom('balance', 'Totaldeposit', 'totalearnings'),
  deltaCents: fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
  reason: fc.string({ maxLength: 20 }),
  at: fc.integer({ min: 0, max: 4_000_000_000_000 })
});

describe('the canonical form an entry is hashed in', () => {
  it('sorts keys at every depth, leaves out undefined, writes times as epoch milliseconds and -0 as 0', () => {
    expect(canonical({ b: 1, a: { d: [1, 'x', null], c: true }, skipped: undefined })).toBe('{"a":{"c":true,"d":[1,"x",null]},"b":1}');
    expect(canonical({ at: storedTimestampAt(1_700_000_000_123) })).toBe('{"at":1700000000123}');
    expect(canonical({ at: new Date(5) })).toBe('{"at":5}');
    expect(canonical(-0)).toBe('0');
  });

  it('refuses what JSON cannot say, so no two writers hash one entry two ways', () => {
    expect(() => canonical({ x: Number.NaN })).toThrow(/cannot hold NaN/);
    expect(() => canonical({ x: Infinity })).toThrow(/cannot hold Infinity/);
    expect(() => canonical({ x: 10n })).toThrow(/bigint/);
  });

  it('is the same whatever order the fields were built in', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.string(), fc.boolean())), (map) => {
        const reversed = Object.fromEntries(Object.entries(map).reverse());
        expect(canonical(reversed)).toBe(canonical(map));
      })
    );
  });
});

describe('a hash chain', () => {
  it("does not hash the store's commit stamp (recordedAt), which no writer knows before it commits, but hashes every other field", () => {
    const entry = { userId: 'u1', deltaCents: 500, at: storedTimestampAt(1_700_000_000_123) };
    const hash = linkHash(GENESIS_HASH, entry);
    expect(linkHash(GENESIS_HASH, { ...entry, recordedAt: storedTimestampAt(1_700_000_009_000), hash: 'x' })).toBe(hash);
    expect(linkHash(GENESIS_HASH, { ...entry, at: storedTimestampAt(1_700_000_000_124) })).not.toBe(hash);
  });

  it('links its first entry to genesis and each next one to the hash before it', () => {
    const { chain, head } = build([{ deltaCents: 500 }, { deltaCents: -200 }]);
    expect(chain[0]!.data.hash).toBe(linkHash(GENESIS_HASH, { deltaCents: 500, seq: 1 }));
    expect(chain[1]!.data.hash).toBe(linkHash(chain[0]!.data.hash as string, { deltaCents: -200, seq: 2 }));
    expect(head).toEqual({ seq: 2, hash: chain[1]!.data.hash });
  });

  it('verifies clean when untouched, in any stored order, from genesis or from a verified head', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 12 }), fc.nat(), (entries, cut) => {
        const { chain, head } = build(entries);
        expect(verifyChain([...chain].reverse(), { head })).toEqual([]);
        const k = cut % chain.length;
        const from = k === 0 ? EMPTY_HEAD : { seq: k, hash: chain[k - 1]!.data.hash as string };
        expect(verifyChain(chain.slice(k), { from, head })).toEqual([]);
      })
    );
  });

  it('names the first entry a change, a deletion, an insertion or a rewritten hash breaks', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 2, maxLength: 10 }),
        fc.nat(),
        fc.constantFrom('change', 'delete', 'insert', 'rehash', 'swap'),
        (entries, pick, how) => {
          const { chain, head } = build(entries);
          const i = pick % (chain.length - 1);
          const tampered = chain.map((e) => ({ path: e.path, data: { ...e.data } }));
          if (how === 'change') tampered[i]!.data.deltaCents = (tampered[i]!.data.deltaCents as number) + 1;
          if (how === 'delete') tampered.splice(i, 1);
          if (how === 'insert') tampered.splice(i + 1, 0, { path: 'users/u1/journal/forged', data: { ...tampered[i]!.data } });
          if (how === 'rehash') {
            // Replaced, with its own hash recomputed: its link holds, the next one does not.
            tampered[i]!.data.reason = `${String(tampered[i]!.data.reason)}!`;
            tampered[i]!.data.hash = linkHash(i === 0 ? GENESIS_HASH : (chain[i - 1]!.data.hash as string), tampered[i]!.data);
          }
          if (how === 'swap') {
            const a = tampered[i]!.data.seq;
            tampered[i]!.data.seq = tampered[i + 1]!.data.seq;
            tampered[i + 1]!.data.seq = a;
          }
          const broken = verifyChain(tampered, { head });
          expect(broken).toHaveLength(1);
          const expectedPath = {
            change: chain[i]!.path,
            delete: chain[i + 1]!.path,
            insert: 'users/u1/journal/forged',
            rehash: chain[i + 1]!.path,
            swap: chain[i + 1]!.path
          }[how];
          // A swap sorts the later entry first: that is where the chain stops holding.
          expect(broken[0]!.path).toBe(expectedPath);
        }
      )
    );
  });

  it('finds the last entry rewritten with its own hash through the head the writer kept', () => {
    const { chain, head } = build([{ deltaCents: 1 }, { deltaCents: 2 }]);
    const last: Record<string, unknown> = { ...chain[1]!.data, deltaCents: 2000 };
    last.hash = linkHash(chain[0]!.data.hash as string, last);
    const broken = verifyChain([chain[0]!, { path: chain[1]!.path, data: last }], { head, headPath: 'chainHeads/u1' });
    expect(broken).toEqual([{ path: 'chainHeads/u1', reason: expect.stringMatching(/The head says seq 2 .* but the entries end at seq 2/) }]);
    // And the last entry removed: the head is ahead of the entries.
    expect(verifyChain([chain[0]!], { head })[0]!.reason).toMatch(/entries end at seq 1/);
  });
});
