import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainNext } from '@shared/domain/chain';
import { genesisOf } from '@shared/domain/genesis';
import { verifyRecords } from '@shared/domain/recordsCheck';
import { exportRecords } from '../../tools/records/export';
import { genesisSummary, seedGenesis } from '../../tools/records/genesis';
import { resetEmulators } from '../../tools/devenv/emulators';
import { seedDemoData } from '../../tools/devenv/seed';
import { emulatorHosts } from '../support/integration/emulatorHosts';
import { adminDb, freshPlatform } from '../support/integration/moneyFixtures';

const SEEDED_AT = Date.UTC(2026, 11, 4, 3, 0, 0, 123);
const CHAINED_AT = Date.UTC(2026, 10, 1, 9, 30, 0, 456);

// npm run records-genesis on the emulators: every customer without a head gets the genesis entry and
// the head the journal's writer chains onto; what it wrote verifies clean as an auditor reads it back;
// a second run, and a customer chained already, are left as they are.
describe('seeding the journal chains of existing customers', () => {
  let admin: ReturnType<typeof adminDb>;
  const lines: string[] = [];

  beforeAll(async () => {
    admin = adminDb();
    await freshPlatform();
    const batch = admin.db.batch();
    batch.set(admin.db.doc('users/ann'), { fullname: 'Ann', balance: 1250.5 });
    batch.set(admin.db.doc('users/bob'), { fullname: 'Bob', balance: '80.00' });
    batch.set(admin.db.doc('users/cat'), { fullname: 'Cat' });
    // An entry from before chaining: left as it is, outside the chain.
    batch.set(admin.db.doc('users/ann/journal/old-1'), { userId: 'ann', kind: 'updated', changes: [], at: Timestamp.fromMillis(CHAINED_AT) });
    // Dan is chained already: his genesis and one later entry, with the head after them.
    batch.set(admin.db.doc('users/dan'), { fullname: 'Dan', balance: 40 });
    const dan = genesisOf('dan', 30, CHAINED_AT);
    const later = {
      userId: 'dan',
      kind: 'updated',
      changes: [],
      balanceMoved: true,
      balanceAfter: { cents: 4000, unreadable: null },
      auditId: null,
      outside: true,
      at: CHAINED_AT + 1
    };
    const next = chainNext({ seq: 1, hash: dan.entry.hash }, later);
    batch.set(admin.db.doc('users/dan/journal/genesis'), { ...dan.entry, at: Timestamp.fromMillis(dan.entry.at) });
    batch.set(admin.db.doc('users/dan/journal/e2'), { ...later, at: Timestamp.fromMillis(later.at), seq: next.seq, hash: next.hash });
    batch.set(admin.db.doc('journalHeads/dan'), { userId: 'dan', ...next, balanceCents: 4000, toCheck: true, changedAt: Timestamp.fromMillis(later.at) });
    await batch.commit();
  });
  afterAll(() => admin.close());

  const readBack = async () => {
    const exported: string[] = [];
    await exportRecords(admin.db, (line) => exported.push(line));
    return exported.map((line) => JSON.parse(line) as { path: string; data: Record<string, unknown> });
  };

  it('a dry run says who it would seed and writes nothing', async () => {
    const said: string[] = [];
    const report = await seedGenesis(admin.db, { dryRun: true, say: (line) => said.push(line) });
    expect(genesisSummary(report, true)).toBe('Dry run: would seed 3 customers; 1 customer already had a head.');
    expect(said).toContain('Would seed ann: balance 1250.5.');
    expect((await admin.db.collection('journalHeads').get()).size).toBe(1);
  });

  it('seeds a genesis entry and a head for each customer without one, from the balance they hold, and they verify clean', async () => {
    const report = await seedGenesis(admin.db, { now: () => SEEDED_AT, say: (line) => lines.push(line), pageSize: 2 });
    expect(report).toEqual({ seeded: 3, alreadyChained: 1 });
    expect(lines.at(-1)).toBe('4 customers read: 3 seeded, 1 already had a head.');

    const ann = (await admin.db.doc('users/ann/journal/genesis').get()).data()!;
    expect(ann).toMatchObject({ kind: 'genesis', seq: 1, balanceAfter: { cents: 125050, unreadable: null }, auditId: null, outside: false });
    expect((ann.at as Timestamp).toMillis()).toBe(SEEDED_AT);
    const heads = Object.fromEntries((await admin.db.collection('journalHeads').get()).docs.map((doc) => [doc.id, doc.data()]));
    expect(heads.ann).toMatchObject({ userId: 'ann', seq: 1, hash: ann.hash, balanceCents: 125050, toCheck: false });
    expect(heads.bob).toMatchObject({ balanceCents: 8000 });
    expect(heads.cat).toMatchObject({ balanceCents: null });
    expect((heads.ann!.changedAt as Timestamp).toMillis()).toBe(SEEDED_AT);
    // The entry from before chaining is still there, unchanged.
    expect((await admin.db.doc('users/ann/journal/old-1').get()).data()).toEqual({
      userId: 'ann',
      kind: 'updated',
      changes: [],
      at: Timestamp.fromMillis(CHAINED_AT)
    });

    const documents = await readBack();
    expect(verifyRecords({ documents, check: () => true })).toEqual({ checked: 9, broken: [] });
  });

  it('leaves a customer already chained as they were: no second genesis, the same head', async () => {
    const dan = await admin.db.collection('users/dan/journal').get();
    expect(dan.docs.map((doc) => doc.id).sort()).toEqual(['e2', 'genesis']);
    expect((dan.docs.find((doc) => doc.id === 'genesis')!.get('at') as Timestamp).toMillis()).toBe(CHAINED_AT);
    expect((await admin.db.doc('journalHeads/dan').get()).data()).toMatchObject({ seq: 2, balanceCents: 4000, toCheck: true });
  });

  it('a second run seeds nobody and changes nothing', async () => {
    const before = await readBack();
    const report = await seedGenesis(admin.db, { now: () => SEEDED_AT + 60_000 });
    expect(genesisSummary(report, false)).toBe('Seeded 0 customers; 4 customers already had a head.');
    expect(await readBack()).toEqual(before);
  });
});

describe('the demo’s seed', () => {
  it('starts every demo customer’s chain at the seed’s anchor, and the chains verify clean', async () => {
    const anchor = new Date(Date.UTC(2026, 11, 4, 3));
    await resetEmulators(emulatorHosts());
    const summary = await seedDemoData(emulatorHosts(), { now: anchor });
    const admin = adminDb();
    try {
      const heads = await admin.db.collection('journalHeads').get();
      expect(heads.size).toBe(summary.users);
      expect(heads.docs.every((doc) => (doc.get('changedAt') as Timestamp).toMillis() === anchor.getTime() && doc.get('seq') === 1)).toBe(true);
      const documents: { path: string; data: Record<string, unknown> }[] = [];
      await exportRecords(admin.db, (line) => documents.push(JSON.parse(line) as { path: string; data: Record<string, unknown> }));
      expect(verifyRecords({ documents, check: () => true }).broken).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
