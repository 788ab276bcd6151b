import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { chainNext, EMPTY_HEAD, type ChainHead } from '../../src/shared/domain/chain';
import { changedRunReadBound, ROLLING_CURSOR_PATH } from '../../src/shared/domain/nightlyCheck';
import { runChangedCheck } from '../../server/platform/nightlyCheck';
import { nightlyReconciliation, type PageTask } from '../../server/platform/reconciliation';
import { usePlatform } from '../support/integration/moneyFixtures';

// The nightly check that reads what changed (docs/product-rules.md §16.5) on the emulators: customers
// whose journal moved since the last night are read from their last verified head, the rest are not
// read at all until the rolling sample reaches them; drift and tampering are found, in words.

const ADMIN = { uid: 'admin-1', email: 'ana@ledger.test' };
const T0 = Date.UTC(2026, 10, 1, 9);

interface Seeded {
  head: ChainHead;
  /** Entry ids by seq (1 is genesis). */
  ids: string[];
}

/**
 * A customer's chained journal as the journal writer leaves it: a genesis at `startCents`, then one
 * entry per balance, Ledgerdesk's (its audit entry written too) when it names one, else outside;
 * the head verified up to `verifiedSeq` and marked to check when entries came after it.
 */
async function seedCustomer(
  db: Firestore,
  userId: string,
  startCents: number,
  moves: { cents: number; audited?: boolean }[],
  verifiedSeq: number
): Promise<Seeded> {
  let head: ChainHead = EMPTY_HEAD;
  let balanceCents = startCents;
  const ids: string[] = [];
  const batch = db.batch();
  const write = (id: string, data: Record<string, unknown>) => {
    const next = chainNext(head, data);
    batch.set(db.doc(`users/${userId}/journal/${id}`), {
      ...data,
      at: Timestamp.fromMillis(data.at as number),
      seq: next.seq,
      hash: next.hash,
      recordedAt: FieldValue.serverTimestamp()
    });
    ids.push(id);
    head = next;
    if (next.seq === verifiedSeq) verified = { ...next, balanceCents };
  };
  let verified: (ChainHead & { balanceCents: number }) | null = null;
  write('genesis', { kind: 'genesis', userId, changes: [], balanceAfter: { cents: startCents, unreadable: null }, at: T0 });
  moves.forEach((move, i) => {
    const auditId = move.audited ? `audit-${userId}-${i}` : null;
    if (auditId)
      batch.set(db.doc(`auditLog/${auditId}`), {
        kind: 'user',
        action: 'users.adjust',
        paths: [`users/${userId}`],
        adminUid: ADMIN.uid,
        at: Timestamp.fromMillis(T0)
      });
    const before = balanceCents;
    balanceCents = move.cents;
    write(`e${i + 1}`, {
      kind: 'updated',
      userId,
      changes: [
        { field: 'balance', before: { cents: before, unreadable: null }, after: { cents: move.cents, unreadable: null }, deltaCents: move.cents - before }
      ],
      balanceMoved: true,
      balanceAfter: { cents: move.cents, unreadable: null },
      writer: auditId ? { kind: 'administrator', id: ADMIN.uid } : { kind: 'customer', id: userId },
      auditId,
      outside: auditId === null,
      at: T0 + (i + 1) * 60_000
    });
  });
  const v = verified as (ChainHead & { balanceCents: number }) | null;
  batch.set(db.doc(`journalHeads/${userId}`), {
    userId,
    seq: head.seq,
    hash: head.hash,
    balanceCents,
    toCheck: head.seq !== verifiedSeq,
    changedAt: Timestamp.fromMillis(T0),
    ...(v ? { verified: { seq: v.seq, hash: v.hash, balanceCents: v.balanceCents, at: Timestamp.fromMillis(T0) } } : {})
  });
  batch.set(db.doc(`users/${userId}`), { fullname: userId, email: `${userId}@example.test`, balance: balanceCents / 100 });
  await batch.commit();
  return { head, ids };
}

describe('the nightly check of the changed customers, on the emulators', () => {
  const platform = usePlatform({ per: 'file', apps: 0 });
  const deps = (now: Date) => ({ db: platform.db, log: () => undefined, now: () => now, nights: 2, parallel: 4 });
  const headOf = async (userId: string) => (await platform.db.doc(`journalHeads/${userId}`).get()).data() ?? {};

  it('reads the changed customers from their verified heads, finds the drift and the tampering, leaves the others unread until the sample reaches them', async () => {
    const db = platform.db;
    // Changed since the last night: a Ledgerdesk adjustment after the verified head, balance as the journal says.
    const ann = await seedCustomer(
      db,
      'a-ann',
      10_000,
      [
        { cents: 12_000, audited: true },
        { cents: 12_500, audited: true }
      ],
      2
    );
    // Changed too, and then the balance edited in the console with no journal entry: drift.
    await seedCustomer(db, 'b-bob', 5_000, [{ cents: 4_000 }], 1);
    await db.doc('users/b-bob').update({ balance: 65 });
    // Changed, and an entry's amount rewritten afterwards: the chain breaks there.
    await seedCustomer(
      db,
      'c-cat',
      0,
      [
        { cents: 1_000, audited: true },
        { cents: 2_000, audited: true }
      ],
      1
    );
    await db.doc('users/c-cat/journal/e1').update({ 'balanceAfter.cents': 9_000 });
    // Untouched since their last check; x-xia's old entry was rewritten, which only a full re-read can see.
    await seedCustomer(db, 'x-xia', 3_000, [{ cents: 3_500, audited: true }], 2);
    await db.doc('users/x-xia/journal/e1').update({ 'changes.0.deltaCents': 1 });
    const yan = await seedCustomer(db, 'y-yan', 7_000, [{ cents: 7_700 }], 2);
    await seedCustomer(db, 'z-zoe', 0, [], 1);

    const night1 = new Date(Date.UTC(2026, 11, 1, 2, 0, 5));
    const first = await runChangedCheck(deps(night1), ADMIN, randomUUID());
    const summary = first.summary!;
    expect(first.started).toBe(true);
    // 6 customers over 2 nights: the sample takes 3 a night, from the first id.
    expect(summary).toMatchObject({ changed: 3, sampled: 3, rollingCursor: 'c-cat' });
    // The sample re-reads the same three from genesis, and finds nothing more: each finding is listed once.
    expect(summary.findings.map((f) => [f.kind, f.path])).toEqual([
      ['balance', 'users/b-bob'],
      ['journal', 'users/c-cat/journal/e1']
    ]);
    expect(summary.findings[0]!.reason).toBe("Balance $65.00 differs from the journal's $40.00: changed without a journal entry.");
    expect(summary.findings[1]!.reason).toMatch(/it was changed, or the entry before it was/);
    expect(summary.platformTotal.problem).toBe("The customers' balances add up to $322.00, $25.00 more than their journals explain ($297.00).");

    // a-ann verified up to her head and cleared; b-bob's chain verified but still to check (drift); c-cat left where it was.
    expect(await headOf('a-ann')).toMatchObject({ toCheck: false, verified: { seq: 3, hash: ann.head.hash, balanceCents: 12_500 } });
    expect(await headOf('b-bob')).toMatchObject({ toCheck: true, verified: { seq: 2 } });
    expect(await headOf('c-cat')).toMatchObject({ toCheck: true, verified: { seq: 1 } });
    // The untouched customers were not read: their verified heads still carry the seed's time, and x-xia's rewrite is not found yet.
    for (const id of ['x-xia', 'y-yan', 'z-zoe']) expect(((await headOf(id)).verified as { at: Timestamp }).at.toMillis()).toBe(T0);
    expect(summary.findings.some((f) => f.userId === 'x-xia')).toBe(false);

    const run = (await db.doc(`reconciliationRuns/${first.runId}`).get()).data()!;
    expect(run).toMatchObject({ state: 'finished', kind: 'changed', by: 'server', totals: { customers: 3, drifted: 2, reads: summary.reads } });
    // The start's audit entry is on the platform's audit chain, as every audit entry is.
    const started = (await db.doc(`auditLog/${run.lastAuditId as string}`).get()).data()!;
    expect(started.summary).toMatch(/customers changed since the last night/);
    expect((await db.doc('auditChain/head').get()).data()).toMatchObject({ seq: started.seq, hash: started.hash });
    // The reads are bounded by the changed customers' new entries (1 + 1 + 2), the sample's reads and a constant.
    expect(summary.sampleReads).toBeGreaterThan(0);
    expect(summary.reads).toBeLessThanOrEqual(changedRunReadBound(3, 1 + 1 + 2, summary.sampleReads, 6));

    // The next night: b-bob and c-cat are still reported; the sample goes on to the rest and finds x-xia's old rewrite.
    const second = (await runChangedCheck(deps(new Date(Date.UTC(2026, 11, 2, 2, 0, 5))), ADMIN, randomUUID())).summary!;
    expect(second).toMatchObject({ changed: 2, sampled: 3, rollingCursor: null });
    expect(second.findings.map((f) => [f.kind, f.path])).toEqual([
      ['balance', 'users/b-bob'],
      ['journal', 'users/c-cat/journal/e1'],
      ['journal', 'users/x-xia/journal/e1']
    ]);
    expect(((await headOf('y-yan')).verified as { seq: number; hash: string }).hash).toBe(yan.head.hash);
    expect((await db.doc(ROLLING_CURSOR_PATH).get()).get('after')).toBeNull();

    // A write after the check marks the customer again, and the next night reads only that entry.
    await db.doc('journalHeads/a-ann').update({ toCheck: true });
    const third = (await runChangedCheck(deps(new Date(Date.UTC(2026, 11, 3, 2, 0, 5))), ADMIN, randomUUID())).summary!;
    expect(third.changed).toBe(3);
    expect(third.findings.filter((f) => f.userId === 'a-ann')).toEqual([]);
  });

  it('the nightly schedule checks the changed customers, and runs in full on the weekday the settings name', async () => {
    const db = platform.db;
    const tasks: PageTask[] = [];
    const queue = { enqueue: async (task: PageTask) => void tasks.push(task) };
    // Friday 4 December 2026 at 02:00 UTC.
    const friday = new Date(Date.UTC(2026, 11, 4, 2, 0, 5));
    const runDeps = { db, queue, log: () => undefined, now: () => friday };
    await db.doc('settings/ledgerdesk').set({ reconciliationHour: 2, reconciliationFullRunWeekday: 1 }, { merge: true });
    expect(await nightlyReconciliation(runDeps)).toBe('checked changed');
    expect(tasks).toEqual([]);
    expect(await nightlyReconciliation(runDeps)).toBe('already today');

    const nextFriday = new Date(Date.UTC(2026, 11, 11, 2, 0, 5));
    await db.doc('settings/ledgerdesk').set({ reconciliationFullRunWeekday: 5 }, { merge: true });
    expect(await nightlyReconciliation({ ...runDeps, now: () => nextFriday })).toBe('started');
    expect(tasks).toHaveLength(1);
  });
});
