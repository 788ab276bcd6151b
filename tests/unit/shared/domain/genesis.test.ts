import { describe, expect, it } from 'vitest';
import { linkHash, GENESIS_HASH, verifyChain } from '@shared/domain/chain';
import { genesisOf } from '@shared/domain/genesis';
import { verifyRecords } from '@shared/domain/recordsCheck';

const AT = 1_764_806_400_123;

describe('the genesis entry a customer’s chain starts from', () => {
  it('records the balance found, moves nothing, and is seq 1 linked to the empty chain', () => {
    const { entry, head } = genesisOf('u1', 250.5, AT);
    expect(entry).toMatchObject({
      userId: 'u1',
      kind: 'genesis',
      changes: [],
      balanceMoved: false,
      balanceAfter: { cents: 25050, unreadable: null },
      writer: { kind: 'serviceAccount', id: null },
      auditId: null,
      outside: false,
      at: AT,
      seq: 1
    });
    const { hash: _hash, ...hashed } = entry;
    expect(entry.hash).toBe(linkHash(GENESIS_HASH, hashed));
    expect(head).toEqual({ userId: 'u1', seq: 1, hash: entry.hash, balanceCents: 25050, toCheck: false, changedAt: AT });
  });

  it('reads the balance as the journal reads any amount: text, below zero, absent or unreadable', () => {
    expect(genesisOf('u1', '1200.00', AT).head.balanceCents).toBe(120000);
    expect(genesisOf('u1', -3.25, AT).head.balanceCents).toBe(-325);
    expect(genesisOf('u1', undefined, AT).entry.balanceAfter).toEqual({ cents: null, unreadable: null });
    const odd = genesisOf('u1', 'lots', AT);
    expect(odd.entry.balanceAfter).toEqual({ cents: null, unreadable: 'lots' });
    expect(odd.head.balanceCents).toBeNull();
  });

  it('verifies clean as stored, and a changed balance or time is found', () => {
    const { entry, head } = genesisOf('u1', 10, AT);
    const path = 'users/u1/journal/genesis';
    expect(verifyChain([{ path, data: { ...entry } }], { head })).toEqual([]);
    expect(
      verifyRecords({
        documents: [
          { path, data: { ...entry, recordedAt: AT + 40 } },
          { path: 'journalHeads/u1', data: { ...head } }
        ],
        check: () => true
      }).broken
    ).toEqual([]);
    expect(verifyChain([{ path, data: { ...entry, balanceAfter: { cents: 99900, unreadable: null } } }], { head })[0]?.path).toBe(path);
    expect(verifyChain([{ path, data: { ...entry, at: AT + 1 } }], { head })[0]?.path).toBe(path);
  });

  it('differs per customer and per time, so no two customers share a chain start', () => {
    expect(genesisOf('u1', 10, AT).entry.hash).not.toBe(genesisOf('u2', 10, AT).entry.hash);
    expect(genesisOf('u1', 10, AT).entry.hash).not.toBe(genesisOf('u1', 10, AT + 1).entry.hash);
  });

  it('refuses a time that is not whole milliseconds, which no Timestamp could store as hashed', () => {
    expect(() => genesisOf('u1', 10, 1.5)).toThrow(/whole milliseconds/);
  });
});
