import { describe, expect, it } from 'vitest';
import { initializeApp } from 'firebase/app';
import { doc, getFirestore, serverTimestamp, Timestamp, type DocumentReference, type Transaction } from 'firebase/firestore';
import { initializeApp as initializeAdmin } from 'firebase-admin/app';
import { getFirestore as adminFirestore, Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { exportedForm } from '@shared/domain/auditChain';
import { verifyChain } from '@shared/domain/chain';
import { AUDIT_HEAD_PATH } from '@shared/domain/recordsCheck';
import { readAuditChain } from '../../../../src/main/firebase/auditChain';
import { fromFirestore } from '../../../../src/main/firebase/storedValues';
import { exported } from '../../../../tools/records/export';

const db = getFirestore(initializeApp({ projectId: 'ledgerdesk-audit-chain-client-unit', apiKey: 'unit' }, 'audit-chain-client-unit'));

/** One optimistic store: a transaction whose head read changed before its commit is re-run, as the SDK does. */
function memoryStore() {
  const docs = new Map<string, { data: Record<string, unknown>; version: number }>();
  let attempts = 0;
  async function run(update: (tx: Transaction) => Promise<void>, afterReads?: () => Promise<void>) {
    for (;;) {
      attempts += 1;
      const read = new Map<string, number>();
      const writes: Array<[string, Record<string, unknown>]> = [];
      const tx = {
        get: async (ref: DocumentReference) => {
          const found = docs.get(ref.path);
          read.set(ref.path, found?.version ?? 0);
          return { exists: () => found !== undefined, data: () => found?.data };
        },
        set: (ref: DocumentReference, data: Record<string, unknown>) => writes.push([ref.path, data])
      } as unknown as Transaction;
      await update(tx);
      if (afterReads) await afterReads();
      afterReads = undefined;
      if ([...read].some(([path, version]) => (docs.get(path)?.version ?? 0) !== version)) continue;
      for (const [path, data] of writes) docs.set(path, { data, version: (docs.get(path)?.version ?? 0) + 1 });
      return;
    }
  }
  /** What an auditor's export holds, read through the same conversion the verifier's export applies. */
  const chain = () =>
    [...docs]
      .filter(([path]) => path.startsWith('auditLog/'))
      .map(([path, { data }]) => ({ path, data: exportedForm(fromFirestore(data)) as Record<string, unknown> }));
  const head = () => docs.get(AUDIT_HEAD_PATH)!.data as { seq: number; hash: string };
  return { docs, run, chain, head, attempts: () => attempts };
}

describe("the desktop appends its audit entries to the platform's one audit chain", () => {
  it('two desktops racing: the later commit is re-run and links after the earlier one', async () => {
    const store = memoryStore();
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const write = (id: string) =>
      store.run(
        async (tx) => (await readAuditChain(tx, db)).append(doc(db, 'auditLog', id), { action: 'deposit.status', adminUid: id, paths: ['deposits/d1'] }),
        async () => {
          reads += 1;
          if (reads === 2) release();
          await bothRead;
        }
      );
    await Promise.all([write('one'), write('two')]);
    expect(store.attempts()).toBe(3);
    expect(
      store
        .chain()
        .map((entry) => entry.data.seq)
        .sort()
    ).toEqual([1, 2]);
    expect(store.head()).toMatchObject({ seq: 2 });
    expect(verifyChain(store.chain(), { head: store.head() })).toEqual([]);
  });

  it('dates the entry with the desktop clock at the millisecond, as the rules and the hash expect', async () => {
    const store = memoryStore();
    await store.run(async (tx) => (await readAuditChain(tx, db, { now: () => 1_764_800_000_321 })).append(doc(db, 'auditLog', 'op'), { summary: 'x' }));
    const at = store.docs.get('auditLog/op')!.data.at as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    expect(at.toMillis()).toBe(1_764_800_000_321);
    expect(store.docs.get(AUDIT_HEAD_PATH)!.data).toMatchObject({ seq: 1, entryId: 'op', at });
  });

  it('refuses a server timestamp in an entry, which no desktop can hash before its commit', async () => {
    const store = memoryStore();
    await expect(store.run(async (tx) => (await readAuditChain(tx, db)).append(doc(db, 'auditLog', 'op'), { at: serverTimestamp() }))).rejects.toThrow(
      /only known at commit/
    );
    expect(store.docs.size).toBe(0);
  });

  it('hashes what the export reads back with firebase-admin: times at the millisecond, references as paths', () => {
    const admin = adminFirestore(initializeAdmin({ projectId: 'ledgerdesk-audit-chain-client-unit' }, 'audit-chain-client-unit-admin'));
    const client = { before: { 'users/a.since': new Timestamp(1_700_000_000, 123_456_789) }, ref: doc(db, 'users/a'), when: [new Timestamp(5, 7_000_000)] };
    const asAdminReadsIt = {
      before: { 'users/a.since': new AdminTimestamp(1_700_000_000, 123_456_789) },
      ref: admin.doc('users/a'),
      when: [new AdminTimestamp(5, 7_000_000)]
    };
    expect(exportedForm(fromFirestore(client))).toEqual(exported(asAdminReadsIt));
  });
});
