import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { chainNext, type ChainHead } from '@shared/domain/chain';
import { seedGenesis } from '../../tools/records/genesis';
import { NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

const AT = Date.UTC(2026, 11, 1, 9, 0, 0, 250);

/**
 * The customer page's Figures check of the balance (users.reconcile) against the emulators, read
 * through the rules as the desktop reads it: explained by the head, changed without a journal entry,
 * no head yet, and a chain broken by an edit or by an entry nobody answers for.
 */
describe('the balance check of a customer’s Figures', () => {
  const platform = usePlatform({ per: 'file', env: NO_BACKEND });

  /** Chains an entry onto a customer's journal as the journal's writer does, moving the head; answers the new head. */
  async function chainEntry(userId: string, id: string, head: ChainHead, entry: Record<string, unknown>, atMs: number, extra: Record<string, unknown> = {}) {
    const next = chainNext(head, { ...entry, at: atMs });
    await platform.db.doc(`users/${userId}/journal/${id}`).set({ ...entry, at: Timestamp.fromMillis(atMs), recordedAt: Timestamp.now(), ...next });
    await platform.db
      .doc(`journalHeads/${userId}`)
      .set({ userId, ...next, balanceCents: (entry.balanceAfter as { cents: number }).cents, toCheck: true, changedAt: Timestamp.fromMillis(atMs), ...extra });
    return next;
  }
  const moved = (userId: string, cents: number, rest: Record<string, unknown>) => ({
    userId,
    kind: 'updated',
    changes: [{ field: 'balance', before: { cents: null, unreadable: null }, after: { cents, unreadable: null }, deltaCents: cents }],
    balanceMoved: true,
    balanceAfter: { cents, unreadable: null },
    ...rest
  });
  const genesisHead = async (userId: string): Promise<ChainHead> => {
    const data = (await platform.db.doc(`journalHeads/${userId}`).get()).data()!;
    return { seq: data.seq as number, hash: data.hash as string };
  };
  const balanceOf = async (id: string) => {
    const answer = await typed(platform.app)('users.reconcile', { id });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  };

  it('says each state in words, reading only what the last verified head does not cover', async () => {
    const { db } = platform;
    for (const [id, balance] of [
      ['ann', 100],
      ['bob', 50],
      ['dan', 20],
      ['eve', 10]
    ] as const)
      await db.doc(`users/${id}`).set({ fullname: id, balance });
    await seedGenesis(db, { now: () => AT });
    await db.doc('users/cat').set({ fullname: 'cat', balance: 5 });

    // Ann: as seeded.
    const ann = await balanceOf('ann');
    expect(ann.balance).toEqual({ state: 'explained', sentence: 'Balance explained by the journal (seq 1).', path: null });

    // Bob: his balance changed with no journal entry (the journal's function was not running).
    await db.doc('users/bob').update({ balance: 75 });
    expect((await balanceOf('bob')).balance.sentence).toBe("Balance $75.00 differs from the journal's $50.00: changed without a journal entry.");

    // Cat: added after the seeding.
    expect((await balanceOf('cat')).balance).toEqual({ state: 'noHead', sentence: 'No journal head yet: run records-genesis.', path: null });

    // Dan: an outside change chained, then its amount edited through the console.
    await chainEntry(
      'dan',
      'e2',
      await genesisHead('dan'),
      moved('dan', 3000, { writer: { kind: 'customer', id: 'dan' }, auditId: null, outside: true }),
      AT + 1000
    );
    await db.doc('users/dan').update({ balance: 30 });
    expect((await balanceOf('dan')).balance.state).toBe('explained');
    await db.doc('users/dan/journal/e2').update({ 'balanceAfter.cents': 9000 });
    const dan = await balanceOf('dan');
    expect(dan.balance).toMatchObject({ state: 'broken', path: 'users/dan/journal/e2' });
    expect(dan.balance.sentence).toMatch(/^Journal chain broken at users\/dan\/journal\/e2: Its hash is /);

    // Eve: verified at her genesis by the nightly check, then one entry Ledgerdesk's (its audit entry
    // exists and covers her), then one that claims an audit entry that does not exist.
    const start = await genesisHead('eve');
    const verified = { verified: { ...start, balanceCents: 1000, at: Timestamp.fromMillis(AT) }, toCheck: false };
    await db.doc('auditLog/op-real').set({ paths: ['users/eve'], adminUid: 'admin-uid', action: 'user.adjust', at: Timestamp.fromMillis(AT) });
    const adminWriter = { writer: { kind: 'administrator', id: 'admin-uid' }, outside: false };
    const second = await chainEntry('eve', 'e2', start, moved('eve', 1500, { ...adminWriter, auditId: 'op-real' }), AT + 2000, verified);
    await db.doc('users/eve').update({ balance: 15 });
    const eveFine = await balanceOf('eve');
    expect(eveFine.balance.sentence).toBe('Balance explained by the journal (seq 2).');
    await chainEntry('eve', 'e3', second, moved('eve', 1800, { ...adminWriter, auditId: 'op-forged' }), AT + 3000, verified);
    await db.doc('users/eve').update({ balance: 18 });
    const eve = await balanceOf('eve');
    expect(eve.balance).toMatchObject({ state: 'broken', path: 'users/eve/journal/e3' });
    expect(eve.balance.sentence).toContain('op-forged');
    // From the verified genesis: the customer and the head, the two entries after it, and the two audit entries they name.
    expect(eve.reads - eveFine.reads).toBe(2);
  });
});
