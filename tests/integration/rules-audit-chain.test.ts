import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDocs,
  getDoc,
  runTransaction,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  writeBatch,
  type DocumentData,
  type Firestore
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedForm, linkAuditEntry } from '../../src/shared/domain/auditChain';
import { verifyChain, type ChainHead } from '../../src/shared/domain/chain';
import { AUDIT_HEAD_PATH } from '../../src/shared/domain/recordsCheck';
import { readAuditChain, retryingStaleHead } from '../../src/main/firebase/auditChain';
import { firestoreLedgerStore } from '../../src/main/firebase/ledgerStore';
import { fromFirestore } from '../../src/main/firebase/storedValues';
import { verifyUser } from '../../src/core/userChanges';
import { emulatorHosts } from '../support/integration/emulatorHosts';

// firestore.rules hold the audit chain (docs/product-rules.md §16.6): an entry takes the next place
// and the head moves to it in the same write, or nothing is written. LEDGERDESK_RULES_FILE as in rules.test.ts.
const RULES_FILE = process.env.LEDGERDESK_RULES_FILE ?? 'firestore.rules';
const ADMIN = { uid: 'chain-admin', email: 'admin@acme.test' };
let env: RulesTestEnvironment;

const admin = () =>
  env.authenticatedContext(ADMIN.uid, { admin: true, email: ADMIN.email, auth_time: Math.floor(Date.now() / 1000) }).firestore() as unknown as Firestore;

async function headNow(): Promise<ChainHead & { entryId?: string }> {
  const snapshot = await getDoc(doc(admin(), AUDIT_HEAD_PATH));
  return snapshot.exists() ? (snapshot.data() as ChainHead & { entryId: string }) : { seq: 0, hash: '0'.repeat(64) };
}

const body = (): DocumentData => ({ kind: 'user', action: 'session.signIn', summary: 'rules test', paths: [], adminUid: ADMIN.uid, adminEmail: ADMIN.email });

/** An entry and the head as a writer would put them, after `head`, with `change` applied to either before the batch commits. */
async function write(
  options: {
    head?: ChainHead;
    atMs?: number;
    entry?: (e: DocumentData) => DocumentData;
    headDoc?: (h: DocumentData) => DocumentData | null;
    entryWritten?: boolean;
  } = {}
) {
  const db = admin();
  const head = options.head ?? (await headNow());
  const entryId = randomUUID();
  const link = linkAuditEntry(head, exportedForm(fromFirestore(body())) as Record<string, unknown>, options.atMs ?? Date.now());
  const at = Timestamp.fromMillis(link.atMs);
  const entry = (options.entry ?? ((e) => e))({ ...body(), at, seq: link.seq, hash: link.hash });
  const headDoc = (options.headDoc ?? ((h) => h))({ seq: link.seq, hash: link.hash, at, entryId });
  const batch = writeBatch(db);
  if (options.entryWritten !== false) batch.set(doc(db, 'auditLog', entryId), entry);
  if (headDoc) batch.set(doc(db, AUDIT_HEAD_PATH), headDoc);
  return { commit: () => batch.commit(), entryId };
}

beforeAll(async () => {
  setLogLevel('silent');
  const [host = '', port = ''] = emulatorHosts().firestoreHost.split(':');
  env = await initializeTestEnvironment({
    projectId: `${emulatorHosts().projectId}-audit-chain`,
    firestore: { host, port: Number(port), rules: readFileSync(RULES_FILE, 'utf8') }
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore() as unknown as Firestore, 'users', 'dana'), {
      fullname: 'Dana',
      email: 'dana@example.com',
      balance: 5,
      verified: false
    });
  });
});

afterAll(async () => {
  await env?.cleanup();
});

describe('firestore.rules: the audit chain', () => {
  it("the desktop's real writes pass: an action through the store, then a chained entry in a transaction, each linked after the last", async () => {
    await verifyUser({ store: firestoreLedgerStore(admin()), actor: ADMIN, operation: { id: randomUUID(), fingerprint: 'chain' } }, 'dana', true);
    const db = admin();
    const id = randomUUID();
    await assertSucceeds(runTransaction(db, async (tx) => (await readAuditChain(tx, db)).append(doc(db, 'auditLog', id), body())));
    const head = await headNow();
    expect(head).toMatchObject({ seq: 2, entryId: id });
    await assertSucceeds((await write()).commit());
  });

  it('six desktops writing at once all land, one after another: a writer refused for a head moved meanwhile tries again', async () => {
    const before = await headNow();
    const writers = Array.from({ length: 6 }, () => {
      const db = admin();
      const id = randomUUID();
      return retryingStaleHead(db, (seen) =>
        runTransaction(db, async (tx) => (await readAuditChain(tx, db, { seen })).append(doc(db, 'auditLog', id), body()))
      );
    });
    await Promise.all(writers);
    expect((await headNow()).seq).toBe(before.seq + 6);
  });

  it('refuses an entry that skips a place, or forks the chain at a place already taken', async () => {
    const head = await headNow();
    await assertFails((await write({ head: { seq: head.seq + 1, hash: head.hash } })).commit());
    await assertFails((await write({ head: { seq: head.seq - 1, hash: 'f'.repeat(64) } })).commit());
    // The entry claims the next place but the head is left behind.
    await assertFails((await write({ headDoc: (h) => ({ ...h, seq: head.seq }) })).commit());
  });

  it('refuses an entry without its head, a head without its entry, and a head naming an older entry', async () => {
    await assertFails((await write({ headDoc: () => null })).commit());
    await assertFails((await write({ entryWritten: false })).commit());
    const older = (await headNow()).entryId!;
    await assertFails((await write({ headDoc: (h) => ({ ...h, entryId: older }) })).commit());
    // The head's hash must be the entry's.
    await assertFails((await write({ headDoc: (h) => ({ ...h, hash: 'a'.repeat(64) }) })).commit());
  });

  it('refuses to rewind, edit or delete the head', async () => {
    const db = admin();
    const head = await headNow();
    await assertFails(setDoc(doc(db, AUDIT_HEAD_PATH), { ...head, seq: head.seq - 1 }));
    await assertFails(updateDoc(doc(db, AUDIT_HEAD_PATH), { hash: 'b'.repeat(64) }));
    await assertFails(deleteDoc(doc(db, AUDIT_HEAD_PATH)));
    expect(await headNow()).toEqual(head);
  });

  it('refuses an entry backdated beyond five minutes or dated over a minute ahead, and accepts a little clock drift', async () => {
    await assertFails((await write({ atMs: Date.now() - 6 * 60_000 })).commit());
    await assertFails((await write({ atMs: Date.now() + 2 * 60_000 })).commit());
    await assertSucceeds((await write({ atMs: Date.now() - 60_000 })).commit());
  });

  it('refuses a head written by a customer, and lets no stranger read it', async () => {
    const customer = env.authenticatedContext('dana', {}).firestore() as unknown as Firestore;
    await assertFails(getDoc(doc(customer, AUDIT_HEAD_PATH)));
    await assertFails(setDoc(doc(customer, AUDIT_HEAD_PATH), { seq: 99, hash: 'c'.repeat(64), at: Timestamp.now(), entryId: 'x' }));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore() as unknown as Firestore, AUDIT_HEAD_PATH)));
  });

  it('what the rules let through verifies clean', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      const entries = (await getDocs(collection(db, 'auditLog'))).docs.map((d) => ({
        path: d.ref.path,
        data: exportedForm(fromFirestore(d.data())) as Record<string, unknown>
      }));
      const head = (await getDoc(doc(db, AUDIT_HEAD_PATH))).data() as ChainHead;
      expect(entries.length).toBeGreaterThanOrEqual(4);
      expect(verifyChain(entries, { head })).toEqual([]);
    });
  });
});
