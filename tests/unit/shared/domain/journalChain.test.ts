import { describe, expect, it } from 'vitest';
import { EMPTY_HEAD, linkHash, verifyChain } from '@shared/domain/chain';
import { journalEntryOf } from '@shared/domain/journal';
import { linkJournalEntry, readJournalHead } from '@shared/domain/journalChain';

const draft = (balance: number) => journalEntryOf({ userId: 'dana', before: { balance: 50 }, after: { balance }, authType: 'app_user', authId: 'dana' })!;

describe("a customer's journal chain", () => {
  it('starts from genesis when the customer has no head, and links each next entry to the head before it', () => {
    const first = linkJournalEntry(null, draft(60), 1_000);
    expect(first.seq).toBe(1);
    expect(first.hash).toBe(linkHash(EMPTY_HEAD.hash, { ...draft(60), at: 1_000, seq: 1 }));
    const second = linkJournalEntry(first.head, draft(70), 2_000);
    expect(second).toMatchObject({ seq: 2, head: { userId: 'dana', seq: 2, balanceCents: 7_000, balanceAt: 2_000, toCheck: true } });
    const stored = [
      { path: 'users/dana/journal/a', data: { ...draft(60), at: 1_000, seq: 1, hash: first.hash } },
      { path: 'users/dana/journal/b', data: { ...draft(70), at: 2_000, seq: 2, hash: second.hash } }
    ];
    expect(verifyChain(stored, { head: second.head })).toEqual([]);
  });

  it("goes on from a genesis head (no balance time) with the newer write's balance", () => {
    const genesis = readJournalHead({ seq: 1, hash: 'a'.repeat(64), balanceCents: 5_000 });
    expect(linkJournalEntry(genesis, draft(80), 5).head).toMatchObject({ seq: 2, balanceCents: 8_000, balanceAt: 5 });
  });

  it('keeps the newer balance when an older write arrives late', () => {
    const newer = linkJournalEntry(null, draft(90), 9_000);
    expect(linkJournalEntry(newer.head, draft(60), 1_000).head).toMatchObject({ seq: 2, balanceCents: 9_000, balanceAt: 9_000 });
  });

  it('reads no head from a document that is not one', () => {
    expect(readJournalHead(undefined)).toBeNull();
    expect(readJournalHead({ seq: '3', hash: 'x' })).toBeNull();
    expect(readJournalHead({ seq: 1.5, hash: 'x' })).toBeNull();
    expect(readJournalHead({ seq: 3, hash: 'x', balanceCents: 'lots' })).toEqual({ seq: 3, hash: 'x', balanceCents: null });
  });
});
