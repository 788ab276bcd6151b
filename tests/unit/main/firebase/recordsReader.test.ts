import { DocumentReference, Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { exported } from '../../../../src/main/firebase/recordsReader';
import { linkHash, GENESIS_HASH } from '../../../../src/shared/domain/chain';
import { linkJournalEntry } from '../../../../src/shared/domain/journalChain';
import type { JournalEntryDraft } from '../../../../src/shared/domain/journal';

describe('the records as the Evidence screen reads them', () => {
  it('reads a time with microseconds as the whole milliseconds the writer hashed, not a fraction of one', () => {
    // A write's update time, as Firestore keeps it: 1.000999 seconds after the epoch.
    expect(exported(new Timestamp(1, 999_000))).toBe(1000);
    expect(exported({ at: new Timestamp(1_796_368_321, 129_456_000), nested: [new Timestamp(0, 1_500_000)] })).toEqual({
      at: 1_796_368_321_129,
      nested: [1]
    });
  });

  it('verifies a journal entry written at a time with microseconds', () => {
    const draft = {
      userId: 'cus-1',
      kind: 'updated',
      changes: [{ field: 'balance', before: { cents: 0, unreadable: null }, after: { cents: 1250, unreadable: null }, deltaCents: 1250 }],
      balanceMoved: true,
      balanceAfter: { cents: 1250, unreadable: null },
      writer: { kind: 'unknown', id: null },
      auditId: null,
      outside: true
    } as unknown as JournalEntryDraft;
    const at = new Timestamp(1_796_368_321, 129_456_000);
    // The writer (firebase-admin) hashes the floored milliseconds and stores the Timestamp itself.
    const linked = linkJournalEntry(null, draft, 1_796_368_321_129);
    const stored = exported({ ...draft, at, recordedAt: new Timestamp(1_796_368_322, 0), seq: linked.seq, hash: linked.hash }) as Record<string, unknown>;
    expect(linkHash(GENESIS_HASH, stored)).toBe(linked.hash);
  });

  it('reads a reference as its path', () => {
    const ref = { path: 'users/cus-1' };
    Object.setPrototypeOf(ref, DocumentReference.prototype);
    expect(exported(ref)).toBe('users/cus-1');
  });
});
