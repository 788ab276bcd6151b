import { describe, expect, it } from 'vitest';
import { chainNext, type ChainedEntry, type ChainHead } from '@shared/domain/chain';
import { balanceSentence, checkBalance, storedJournalHeadOf, type BalanceEvidence, type StoredJournalHead } from '@shared/domain/balanceCheck';
import { genesisOf } from '@shared/domain/genesis';

const AT = 1_764_806_400_000;

/** A customer's chain as the writers make it: genesis at 100.00, then the entries given, each moving the balance to `balanceAfter` cents. */
function chainOf(moves: { balanceAfter: number; auditId?: string | null; outside?: boolean }[]) {
  const genesis = genesisOf('u1', 100, AT);
  const entries: ChainedEntry[] = [{ path: 'users/u1/journal/genesis', data: { ...genesis.entry } }];
  let head: ChainHead = { seq: 1, hash: genesis.entry.hash };
  moves.forEach((move, i) => {
    const draft = {
      userId: 'u1',
      kind: 'updated',
      changes: [],
      balanceMoved: true,
      balanceAfter: { cents: move.balanceAfter, unreadable: null },
      writer: { kind: 'customer', id: 'u1' },
      auditId: move.auditId ?? null,
      outside: move.outside ?? move.auditId == null,
      at: AT + i + 1
    };
    head = chainNext(head, draft);
    entries.push({ path: `users/u1/journal/e${i + 1}`, data: { ...draft, seq: head.seq, hash: head.hash } });
  });
  const last = moves.at(-1)?.balanceAfter ?? 10000;
  return { entries, head: { ...head, balanceCents: last, verified: null } as StoredJournalHead };
}

const evidence = (over: Partial<BalanceEvidence>, chain = chainOf([])): BalanceEvidence => ({
  userId: 'u1',
  balance: 100,
  head: chain.head,
  entries: chain.entries,
  auditsFound: new Set(),
  ...over
});

describe('the balance check on the customer’s Figures', () => {
  it('explains a balance the journal head holds, naming the seq it was checked to', () => {
    const check = checkBalance(evidence({}));
    expect(check).toEqual({ state: 'explained', seq: 1, balanceCents: 10000 });
    expect(balanceSentence(check)).toBe('Balance explained by the journal (seq 1).');
  });

  it('says by how much a balance changed without a journal entry differs from the journal', () => {
    const check = checkBalance(evidence({ balance: '175.25' }));
    expect(balanceSentence(check)).toBe("Balance $175.25 differs from the journal's $100.00: changed without a journal entry.");
    expect(balanceSentence(checkBalance(evidence({ balance: 'much' })))).toBe(
      `Balance "much" differs from the journal's $100.00: changed without a journal entry.`
    );
  });

  it('asks for the genesis command when the customer has no head', () => {
    const check = checkBalance(evidence({ head: null, entries: [] }));
    expect(balanceSentence(check)).toBe('No journal head yet: run records-genesis.');
  });

  it('names the entry whose amount was edited after it was chained', () => {
    const chain = chainOf([
      { balanceAfter: 5000, outside: true },
      { balanceAfter: 7000, outside: true }
    ]);
    const edited = chain.entries.map((e) => (e.path.endsWith('e1') ? { ...e, data: { ...e.data, balanceAfter: { cents: 9000, unreadable: null } } } : e));
    const check = checkBalance(evidence({ balance: 70, entries: edited }, chain));
    expect(check).toMatchObject({ state: 'broken', path: 'users/u1/journal/e1' });
    expect(balanceSentence(check)).toMatch(/^Journal chain broken at users\/u1\/journal\/e1: Its hash is /);
  });

  it('names the head when the last entry was removed', () => {
    const chain = chainOf([{ balanceAfter: 5000, outside: true }]);
    const check = checkBalance(evidence({ balance: 50, entries: chain.entries.slice(0, 1) }, chain));
    expect(check).toMatchObject({ state: 'broken', path: 'journalHeads/u1' });
  });

  it('checks only the entries after the verified head, starting from it', () => {
    const chain = chainOf([
      { balanceAfter: 5000, outside: true },
      { balanceAfter: 6000, auditId: 'op-1', outside: false }
    ]);
    const verified = { seq: 2, hash: String(chain.entries[1]!.data.hash), balanceCents: 5000 };
    const head = { ...chain.head, verified };
    const after = chain.entries.slice(2);
    expect(checkBalance(evidence({ balance: 60, head, entries: after, auditsFound: new Set(['op-1']) }))).toEqual({
      state: 'explained',
      seq: 3,
      balanceCents: 6000
    });
    // From a verified head the chain does not hold, the first entry after it no longer links.
    const wrong = { ...head, verified: { ...verified, hash: 'f'.repeat(64) } };
    expect(checkBalance(evidence({ balance: 60, head: wrong, entries: after, auditsFound: new Set(['op-1']) }))).toMatchObject({
      state: 'broken',
      path: 'users/u1/journal/e2'
    });
  });

  it('refuses an entry that claims to be Ledgerdesk’s with no audit entry of this customer behind it', () => {
    const noAudit = chainOf([{ balanceAfter: 5000, auditId: null, outside: false }]);
    expect(balanceSentence(checkBalance(evidence({ balance: 50 }, noAudit)))).toBe(
      'Journal chain broken at users/u1/journal/e1: It is not marked as made outside Ledgerdesk, yet it names no audit entry: nobody answers for it.'
    );
    const missing = chainOf([{ balanceAfter: 5000, auditId: 'op-9', outside: false }]);
    expect(checkBalance(evidence({ balance: 50 }, missing))).toMatchObject({
      state: 'broken',
      path: 'users/u1/journal/e1',
      reason: expect.stringMatching(/op-9/)
    });
    expect(checkBalance(evidence({ balance: 50, auditsFound: new Set(['op-9']) }, missing))).toMatchObject({ state: 'explained', seq: 2 });
  });

  it('reads a stored head defensively: no head, or one without a seq and hash, is none', () => {
    expect(storedJournalHeadOf(null)).toBeNull();
    expect(storedJournalHeadOf({ seq: 'x', hash: 'a' })).toBeNull();
    expect(storedJournalHeadOf({ seq: 3, hash: 'a', balanceCents: 12, verified: { seq: 2, hash: 'b', balanceCents: 10, at: 5 } })).toEqual({
      seq: 3,
      hash: 'a',
      balanceCents: 12,
      verified: { seq: 2, hash: 'b', balanceCents: 10 }
    });
    expect(storedJournalHeadOf({ seq: 3, hash: 'a', balanceCents: 'x', verified: {} })).toEqual({ seq: 3, hash: 'a', balanceCents: null, verified: null });
  });
});
