import { describe, expect, it } from 'vitest';
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, GeoPoint, getFirestore, Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { linkHash, verifyChain } from '@shared/domain/chain';
import { AUDIT_HEAD_PATH } from '@shared/domain/recordsCheck';
import { exportedAdmin, readAuditChain } from '../../../server/auditChain';
import { exported } from '../../../tools/records/export';

/**
 * A store that commits transactions as Firestore does: optimistically, a transaction whose reads
 * changed before its commit is re-run from the start. `gate` lets a test hold a transaction after
 * its reads so that another commits first.
 */
function memoryStore() {
  const docs = new Map<string, { data: Record<string, unknown>; version: number }>();
  let attempts = 0;
  const ref = (path: string) => ({ path, id: path.split('/').at(-1)! }) as unknown as DocumentReference;
  const db = { doc: ref } as unknown as Firestore;
  async function run<T>(update: (tx: Transaction) => Promise<T>, afterReads?: () => Promise<void>): Promise<T> {
    for (;;) {
      attempts += 1;
      const read = new Map<string, number>();
      const writes: Array<[string, Record<string, unknown>, boolean]> = [];
      const tx = {
        get: async (r: DocumentReference) => {
          const found = docs.get(r.path);
          read.set(r.path, found?.version ?? 0);
          return { exists: found !== undefined, data: () => found?.data };
        },
        create: (r: DocumentReference, data: Record<string, unknown>) => writes.push([r.path, data, true]),
        set: (r: DocumentReference, data: Record<string, unknown>) => writes.push([r.path, data, false])
      } as unknown as Transaction;
      const answer = await update(tx);
      if (afterReads) await afterReads();
      afterReads = undefined;
      if ([...read].some(([path, version]) => (docs.get(path)?.version ?? 0) !== version)) continue;
      for (const [path, data, create] of writes) {
        if (create && docs.has(path)) throw new Error(`${path} already exists`);
        docs.set(path, { data, version: (docs.get(path)?.version ?? 0) + 1 });
      }
      return answer;
    }
  }
  return { docs, db, ref, run, attempts: () => attempts };
}

/** The chain as the verifier reads it back: every audit entry in its exported form. */
const readBack = (docs: ReturnType<typeof memoryStore>['docs']) =>
  [...docs].filter(([path]) => path.startsWith('auditLog/')).map(([path, { data }]) => ({ path, data: exported(data) as Record<string, unknown> }));
const headOf = (docs: ReturnType<typeof memoryStore>['docs']) => {
  const head = docs.get(AUDIT_HEAD_PATH)!.data;
  return { seq: head.seq as number, hash: head.hash as string };
};

describe('the backend host appends its audit entries to the one audit chain', () => {
  it('numbers entries 1, 2, 3, dates them at the millisecond, and the head ends on the last one', async () => {
    const store = memoryStore();
    let clock = Date.UTC(2026, 11, 4, 3, 0, 0, 123);
    for (const id of ['a', 'b', 'c']) {
      await store.run(async (tx) => {
        const chain = await readAuditChain(tx, store.db, () => clock++);
        chain.append(store.ref(`auditLog/${id}`), { action: 'user.suspend', adminUid: 'u1', paths: [`users/${id}`] });
      });
    }
    const entries = readBack(store.docs);
    expect(entries.map((entry) => entry.data.seq)).toEqual([1, 2, 3]);
    expect(entries[0]!.data.at).toBe(Date.UTC(2026, 11, 4, 3, 0, 0, 123));
    expect(store.docs.get(AUDIT_HEAD_PATH)!.data).toMatchObject({ seq: 3, entryId: 'c' });
    expect(verifyChain(entries, { head: headOf(store.docs), headPath: AUDIT_HEAD_PATH })).toEqual([]);
  });

  it('two writers racing: the second is re-run and links after the first, so the chain neither forks nor skips', async () => {
    const store = memoryStore();
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const write = (id: string) =>
      store.run(
        async (tx) => {
          const chain = await readAuditChain(tx, store.db);
          chain.append(store.ref(`auditLog/${id}`), { action: 'user.adjust', adminUid: id });
        },
        // Each waits until both have read the empty head: the one that commits second finds it moved.
        async () => {
          reads += 1;
          if (reads === 2) release();
          await bothRead;
        }
      );
    await Promise.all([write('first'), write('second')]);
    expect(store.attempts()).toBe(3);
    const entries = readBack(store.docs).sort((a, b) => (a.data.seq as number) - (b.data.seq as number));
    expect(entries.map((entry) => entry.data.seq)).toEqual([1, 2]);
    expect(entries[1]!.data.hash).toBe(linkHash(entries[0]!.data.hash as string, entries[1]!.data));
    expect(verifyChain(entries, { head: headOf(store.docs), headPath: AUDIT_HEAD_PATH })).toEqual([]);
  });

  it('hashes the entry as the export reads it back: times to the millisecond, references by path, geo points', async () => {
    const app = initializeApp({ projectId: 'ledgerdesk-audit-chain-unit' }, 'audit-chain-unit');
    const real = getFirestore(app);
    const stored = {
      before: { 'users/a.since': new Timestamp(1_700_000_000, 123_456_789), 'users/a.home': new GeoPoint(1.5, -2) },
      ref: real.doc('users/a'),
      notes: [{ at: new Timestamp(5, 7_000_000) }],
      answer: null
    };
    expect(exportedAdmin(stored)).toEqual(exported(stored));
  });

  it('refuses an entry holding a server timestamp: it is not known before the commit, so it cannot be hashed', async () => {
    const store = memoryStore();
    await expect(
      store.run(async (tx) => (await readAuditChain(tx, store.db)).append(store.ref('auditLog/x'), { at: FieldValue.serverTimestamp() }))
    ).rejects.toThrow(/only known at commit/);
    expect(store.docs.size).toBe(0);
  });

  it('a verifier finds an entry edited after it was chained', async () => {
    const store = memoryStore();
    for (const id of ['a', 'b']) {
      await store.run(async (tx) => (await readAuditChain(tx, store.db)).append(store.ref(`auditLog/${id}`), { summary: `entry ${id}` }));
    }
    store.docs.get('auditLog/a')!.data.summary = 'rewritten';
    expect(verifyChain(readBack(store.docs), { head: headOf(store.docs) })).toEqual([{ path: 'auditLog/a', reason: expect.stringContaining('was changed') }]);
  });
});
