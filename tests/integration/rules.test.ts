import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore
} from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, terminate } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../tools/devenv/demo-accounts';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { firestoreMailOutbox } from '../../src/main/firebase/mailOutbox';
import { firestoreLedgerStore } from '../../src/main/firebase/ledgerStore';
import { firestoreReconciliation } from '../../src/main/firebase/reconciliation';
import { emptyTotals } from '../../src/shared/domain/reconciliation';
import { changeStatusWith } from '../../src/core/statusChanges';
import { depositRule, withdrawalRule } from '../../src/core/statusRules';
import { adjustUser, decideUserKyc, verifyUser } from '../../src/core/userChanges';
import { may, roleOf, type Capability } from '../../src/shared/domain/roles';
import { changeSettings, changeWalletAddresses } from '../../src/core/settingsChanges';
import { emulatorHosts } from '../support/integration/emulatorHosts';
import { addChainedEntry } from '../support/integration/auditChain';
import { readAuditChain } from '../../src/main/firebase/auditChain';

// firestore.rules on the Firestore emulator, one test per (collection, caller, operation).
// `npm run rules:check -- <merged.rules>` runs this file against another rules file
// (LEDGERDESK_RULES_FILE): a platform's own rules with ours merged in (tools/rules-check.ts).
const RULES_FILE = process.env.LEDGERDESK_RULES_FILE ?? 'firestore.rules';
const ADMIN = { uid: 'rules-admin', email: 'admin@acme.test' };
const CUSTOMER_UID = 'rules-customer';

type Caller = 'anonymous' | 'customer' | 'administrator';
type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';
const OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;

/** Each operation by a customer and by someone signed out, named for rules:check's report: "customer: update on …". */
const strangerCells = (on: (caller: 'anonymous' | 'customer') => string) =>
  (['anonymous', 'customer'] as const).flatMap((caller) =>
    OPERATIONS.map((operation) => [`${caller}: ${operation} on ${on(caller)} is refused`, caller, operation] as const)
  );

// What the administrator may do through a client SDK; everyone else may do nothing at all. A
// create or update of these collections is tried with its audit entry (auditedWrite), as
// Ledgerdesk writes it; the describe below tries it without one.
const ADMIN_MAY: Record<string, Operation[]> = {
  users: ['get', 'list', 'update'],
  deposits: ['get', 'list', 'update'],
  withdrawals: ['get', 'list', 'update'],
  investments: ['get', 'list', 'update'],
  compoundInvest: ['get', 'list', 'update'],
  investmentPlans: ['get', 'list', 'update'],
  settings: ['get', 'list', 'create', 'update'],
  txidGuards: ['get', 'list', 'create'],
  dailySnapshots: ['get', 'list', 'create'],
  archivedUsers: ['get', 'list'],
  reconciliationRuns: ['get', 'list', 'create', 'update'],
  referrals: ['get', 'list'],
  auditLog: ['get', 'list', 'create'],
  mailOutbox: ['get', 'list', 'create', 'update']
};

/** The collections whose every administrator write needs its audit entry (lastAuditId, the entry's paths). */
const AUDITED = ['users', 'deposits', 'withdrawals', 'investments', 'compoundInvest', 'investmentPlans', 'settings', 'txidGuards', 'dailySnapshots'];
/**
 * Collections only the administrator (and firebase-admin) writes, which no platform rule may open to
 * anyone else. Another caller's write to them is tried alone: beside an audit entry, the refused
 * entry would hide a platform rule that opens the collection itself.
 */
const ADMIN_ONLY_WRITES = ['dailySnapshots', 'reconciliationRuns'];
const auditedWrites = (name: string, caller: Caller): Operation[] =>
  caller !== 'administrator' && ADMIN_ONLY_WRITES.includes(name)
    ? []
    : [
        ...(AUDITED.includes(name) || name === 'reconciliationRuns' || name === 'mailOutbox' ? (['create'] as const) : []),
        ...(AUDITED.includes(name) ? (['update'] as const) : [])
      ];

const queuedMail = (): DocumentData => ({
  kind: 'depositSuccess',
  to: 'dana@example.com',
  toName: 'Dana',
  subject: 'Investment Successfully Activated',
  companyName: 'Acme Invest',
  html: '<p>Good news</p>',
  text: 'Good news',
  about: 'deposits/dep-1',
  auditId: 'op-1',
  state: 'queued',
  attempts: 0,
  lastError: null,
  leaseOwner: null,
  createdAt: Timestamp.fromMillis(Date.now() - 60_000),
  sentAt: null,
  nextAttemptAt: Timestamp.fromMillis(Date.now() - 60_000)
});

/** A document of each collection as it exists before the test, and what a caller would write. */
const SAMPLE: Record<string, { existing: DocumentData; create: (uid: string) => DocumentData; update: DocumentData }> = {
  users: { existing: { email: 'dana@example.com', balance: 10 }, create: () => ({ email: 'x@example.com' }), update: { balance: 15 } },
  deposits: { existing: { status: 'pending', amount: 100 }, create: () => ({ status: 'pending' }), update: { status: 'failed' } },
  withdrawals: { existing: { status: 'pending', amount: 50 }, create: () => ({ status: 'pending' }), update: { status: 'rejected' } },
  investments: { existing: { status: 'pending', amount: 100 }, create: () => ({ status: 'pending' }), update: { status: 'active' } },
  compoundInvest: { existing: { status: 'pending' }, create: () => ({ status: 'pending' }), update: { status: 'active' } },
  investmentPlans: { existing: { name: 'Gold', min: 100, max: 1000 }, create: () => ({ name: 'Free money' }), update: { roi: 5 } },
  settings: { existing: { BTC: 'bc1q-old' }, create: () => ({ BTC: 'bc1q-new' }), update: { BTC: 'bc1q-newer' } },
  dailySnapshots: {
    existing: { timeZone: 'UTC', takenBy: 'server', owed: { balances: { cents: 100, leftOut: 0 } } },
    create: () => ({ timeZone: 'UTC', takenBy: 'desktop', owed: { balances: { cents: 200, leftOut: 0 } } }),
    update: { takenBy: 'desktop' }
  },
  txidGuards: {
    existing: { coin: 'BITCOIN', txid: 'a'.repeat(64), kind: 'deposit', recordId: 'd1' },
    create: () => ({ coin: 'BITCOIN', txid: 'b'.repeat(64), kind: 'deposit', recordId: 'd2' }),
    update: { recordId: 'd3' }
  },
  archivedUsers: {
    existing: { user: { email: 'gone@example.com' }, reason: 'Closed at their request' },
    create: () => ({ reason: 'x' }),
    update: { reason: 'y' }
  },
  reconciliationRuns: {
    existing: { state: 'running', cursor: null, progress: { customers: 0 } },
    create: () => ({ state: 'running', cursor: null, progress: { customers: 0 } }),
    update: { cursor: 'u1', progress: { customers: 1 } }
  },
  referrals: { existing: { referrerId: 'u1', email: 'r@example.com' }, create: () => ({ referrerId: 'u2' }), update: { referrerId: 'u3' } },
  auditLog: {
    existing: { action: 'deposits.setStatus', adminUid: ADMIN.uid, at: Timestamp.fromMillis(Date.now() - 60_000), outcome: { ok: true } },
    create: (uid) => ({ action: 'deposits.setStatus', adminUid: uid, at: serverTimestamp() }),
    update: { summary: 'rewritten' }
  },
  mailOutbox: {
    existing: queuedMail(),
    create: () => ({ ...queuedMail(), createdAt: serverTimestamp(), nextAttemptAt: serverTimestamp() }),
    update: { state: 'sending', attempts: 1, leaseOwner: 'copy-1', nextAttemptAt: Timestamp.fromMillis(Date.now() + 60_000) }
  }
};

let env: RulesTestEnvironment;

const dbs = new Map<Caller, Firestore>();
const dbOf = (caller: Caller): Firestore => {
  const known = dbs.get(caller);
  if (known) return known;
  const context =
    caller === 'anonymous'
      ? env.unauthenticatedContext()
      : caller === 'customer'
        ? env.authenticatedContext(CUSTOMER_UID, { email: 'casey@example.com' })
        : env.authenticatedContext(ADMIN.uid, { email: ADMIN.email, admin: true, auth_time: secondsAgo(0) });
  // The helper hands out a compat instance; the modular functions the app uses accept it.
  const db = context.firestore() as unknown as Firestore;
  dbs.set(caller, db);
  return db;
};
const uidOf = (caller: Caller) => (caller === 'administrator' ? ADMIN.uid : CUSTOMER_UID);

/** Firebase's auth_time: when the password was last typed, in seconds (a sign-in or a reauthentication). */
const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;
/** The administrator's client, the password last typed `minutes` ago (the step-up rule reads it). */
const adminTypedPassword = (minutes: number): Firestore =>
  env.authenticatedContext(ADMIN.uid, { email: ADMIN.email, admin: true, auth_time: secondsAgo(minutes * 60) }).firestore() as unknown as Firestore;

// Queued e-mails for the delivery tests, written with the rest before any test runs.
const MAIL_POOL = 30;
let nextMail = 0;
const queuedMailId = (): string => {
  if (nextMail >= MAIL_POOL) throw new Error('Raise MAIL_POOL: every delivery test needs an e-mail of its own.');
  return `queued-${nextMail++}`;
};

/** An audit entry as Ledgerdesk writes one (src/main/firebase/records.ts): signed, listing the paths it changed; dated when it is chained. */
const auditEntry = (uid: string, paths: string[]): DocumentData => ({
  kind: 'deposit',
  action: 'deposit.status',
  summary: 'rules test',
  paths,
  adminUid: uid,
  at: serverTimestamp()
});

/**
 * One write with (or without) its audit entry, in one batch as Ledgerdesk's transaction commits
 * it: `names` the entry's id on the document, `paths` what the entry lists, `createEntry` false
 * to point at an entry that already exists.
 */
async function auditedWrite(
  db: Firestore,
  path: string,
  kind: 'create' | 'update',
  data: DocumentData,
  {
    entryId = randomUUID(),
    paths = [path],
    createEntry = true,
    uid = ADMIN.uid
  }: { entryId?: string; paths?: string[]; createEntry?: boolean; uid?: string } = {}
): Promise<void> {
  const batch = writeBatch(db);
  const ref = doc(db, path);
  // A queued e-mail names its entry as auditId (src/main/firebase/records.ts); every other document as lastAuditId.
  const named = { [path.startsWith('mailOutbox/') ? 'auditId' : 'lastAuditId']: entryId };
  if (kind === 'create') batch.set(ref, { ...data, ...named });
  else batch.update(ref, { ...data, ...named });
  if (createEntry) await addChainedEntry(db, batch, entryId, auditEntry(uid, paths));
  return batch.commit();
}

/** An audit entry on its own, on the chain with its head (§16.6), as every entry is written. */
async function chainedEntry(db: Firestore, entryId: string, entry: DocumentData, atMs?: number): Promise<void> {
  const batch = writeBatch(db);
  await addChainedEntry(db, batch, entryId, entry, atMs);
  return batch.commit();
}

beforeAll(async () => {
  // Each refusal is expected here; the SDK would log every one of them as a gRPC error.
  setLogLevel('silent');
  const [host = '', port = ''] = emulatorHosts().firestoreHost.split(':');
  env = await initializeTestEnvironment({
    projectId: emulatorHosts().projectId,
    firestore: { host, port: Number(port), rules: readFileSync(RULES_FILE, 'utf8') }
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const writes = Object.entries(SAMPLE).map(([name, sample]) => setDoc(doc(db, name, 'existing'), sample.existing));
    for (let i = 0; i < MAIL_POOL; i++) writes.push(setDoc(doc(db, 'mailOutbox', `queued-${i}`), queuedMail()));
    writes.push(setDoc(doc(db, 'reconciliationRuns', 'finished'), { state: 'finished', cursor: 'zz', progress: { customers: 3 } }));
    writes.push(setDoc(doc(db, 'auditLog', 'older-entry'), auditEntry(ADMIN.uid, ['users/existing', 'deposits/existing'])));
    await Promise.all(writes);
  });
});

afterAll(async () => {
  await env?.cleanup();
});

const attempt = (db: Firestore, name: string, operation: Operation, caller: Caller): Promise<unknown> => {
  const sample = SAMPLE[name]!;
  switch (operation) {
    case 'get':
      return getDoc(doc(db, name, 'existing'));
    case 'list':
      return getDocs(query(collection(db, name), limit(5)));
    case 'create':
      if (auditedWrites(name, caller).includes('create')) {
        return auditedWrite(db, `${name}/new-by-${caller}-${randomUUID()}`, 'create', sample.create(uidOf(caller)), { uid: uidOf(caller) });
      }
      if (name === 'auditLog') return chainedEntry(db, `new-by-${caller}`, sample.create(uidOf(caller)));
      return setDoc(doc(db, name, `new-by-${caller}`), sample.create(uidOf(caller)));
    case 'update':
      if (auditedWrites(name, caller).includes('update')) return auditedWrite(db, `${name}/existing`, 'update', sample.update, { uid: uidOf(caller) });
      return updateDoc(doc(db, name, 'existing'), sample.update);
    case 'delete':
      return deleteDoc(doc(db, name, 'existing'));
  }
};

const CELLS = (['anonymous', 'customer', 'administrator'] as const).flatMap((caller) => OPERATIONS.map((operation) => ({ caller, operation })));

describe.each(Object.keys(ADMIN_MAY))('firestore.rules on %s', (name) => {
  it.each(CELLS.map((cell) => ({ ...cell, allowed: cell.caller === 'administrator' && ADMIN_MAY[name]!.includes(cell.operation) })))(
    '$caller: $operation is allowed: $allowed',
    async ({ caller, operation, allowed }) => {
      const pending = attempt(dbOf(caller), name, operation, caller);
      await (allowed ? assertSucceeds(pending) : assertFails(pending));
    }
  );
});

describe.each(AUDITED.filter((name) => ADMIN_MAY[name]!.includes('update')))(
  'firestore.rules: no administrator write to %s without its audit entry',
  (name) => {
    const path = `${name}/existing`;
    const write = (options: Parameters<typeof auditedWrite>[4]) => auditedWrite(dbOf('administrator'), path, 'update', SAMPLE[name]!.update, options);

    it('allows an update with a fresh entry that lists the document', async () => {
      await assertSucceeds(write({}));
    });

    it('denies an update that names no entry', async () => {
      await assertFails(updateDoc(doc(dbOf('administrator'), path), SAMPLE[name]!.update));
    });

    it('denies an update naming an entry that is not written with it', async () => {
      await assertFails(write({ createEntry: false }));
    });

    it('denies an update that reuses an older entry, even one that lists the document', async () => {
      await assertFails(write({ entryId: 'older-entry', createEntry: false }));
    });

    it('denies an update whose entry lists another document', async () => {
      await assertFails(write({ paths: [`${name}/someone-else`] }));
    });
  }
);

describe('firestore.rules: txid guards and archived customers', () => {
  it('a txid guard is created once with its entry, and never changed or removed', async () => {
    const db = dbOf('administrator');
    await assertFails(setDoc(doc(db, 'txidGuards', 'BITCOIN_unaudited'), SAMPLE.txidGuards!.create(ADMIN.uid)));
    await assertFails(auditedWrite(db, 'txidGuards/existing', 'create', SAMPLE.txidGuards!.create(ADMIN.uid)));
    await assertFails(auditedWrite(db, 'txidGuards/existing', 'update', { recordId: 'd9' }));
    await assertFails(deleteDoc(doc(db, 'txidGuards', 'existing')));
  });

  it('a day’s snapshot is created once with its entry, and never changed or removed', async () => {
    const db = dbOf('administrator');
    await assertFails(setDoc(doc(db, 'dailySnapshots', '2026-11-26'), SAMPLE.dailySnapshots!.create(ADMIN.uid)));
    await assertSucceeds(auditedWrite(db, 'dailySnapshots/2026-11-27', 'create', SAMPLE.dailySnapshots!.create(ADMIN.uid)));
    await assertFails(auditedWrite(db, 'dailySnapshots/2026-11-27', 'create', SAMPLE.dailySnapshots!.create(ADMIN.uid)));
    await assertFails(auditedWrite(db, 'dailySnapshots/existing', 'update', SAMPLE.dailySnapshots!.update));
    await assertFails(deleteDoc(doc(db, 'dailySnapshots', 'existing')));
  });

  it('a finished reconciliation run and its drifted customers are never rewritten; a running one saves only its progress', async () => {
    const db = dbOf('administrator');
    await assertFails(updateDoc(doc(db, 'reconciliationRuns', 'finished'), { progress: { customers: 0 } }));
    await assertFails(auditedWrite(db, 'reconciliationRuns/finished/drifted/u1', 'create', { drift: 0 }));
    await assertSucceeds(auditedWrite(db, 'reconciliationRuns/existing/drifted/u1', 'create', { drift: 12.5 }));
    await assertFails(updateDoc(doc(db, 'reconciliationRuns', 'existing'), { startedBy: 'someone-else' }));
    await assertFails(setDoc(doc(db, 'reconciliationRuns', 'unaudited'), SAMPLE.reconciliationRuns!.create(ADMIN.uid)));
  });
});

describe('firestore.rules: the audit trail cannot be forged or rewritten', () => {
  const entry = (overrides: DocumentData): DocumentData => ({
    action: 'withdrawals.setStatus',
    entityPath: 'withdrawals/wd-1',
    adminUid: ADMIN.uid,
    adminEmail: ADMIN.email,
    at: serverTimestamp(),
    ...overrides
  });

  // Each on the chain with its head, so the one thing wrong is the one named (rules-audit-chain.test.ts tries the chain itself).
  it.each([
    ['signed by another administrator', entry({ adminUid: 'someone-else' }), undefined],
    ['dated an hour in the past', entry({}), -3_600_000],
    ['dated more than a minute ahead', entry({}), 120_000],
    ['without a signature', entry({ adminUid: undefined }), undefined]
  ])('refuses an entry %s', async (_label, data, offsetMs) => {
    const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
    // Dated when the test runs (the file takes minutes), off the clock by offsetMs.
    await assertFails(chainedEntry(dbOf('administrator'), randomUUID(), clean, offsetMs === undefined ? undefined : Date.now() + offsetMs));
  });

  it('refuses an entry without a time', async () => {
    const { at: _at, ...untimed } = entry({});
    await assertFails(setDoc(doc(dbOf('administrator'), 'auditLog', randomUUID()), untimed));
  });

  it('refuses a customer who signs an entry with their own uid', async () => {
    await assertFails(chainedEntry(dbOf('customer'), randomUUID(), entry({ adminUid: CUSTOMER_UID })));
  });

  it('refuses a token whose admin claim is not the boolean true', async () => {
    const db = env.authenticatedContext('lookalike', { admin: 'true' }).firestore() as unknown as Firestore;
    await assertFails(getDoc(doc(db, 'auditLog', 'existing')));
    await assertFails(chainedEntry(db, randomUUID(), entry({ adminUid: 'lookalike' })));
  });

  it('accepts any further fields, at the operation id, inside a transaction that reads it first (the replay check)', async () => {
    const db = dbOf('administrator');
    const operationId = randomUUID();
    const ref = doc(db, 'auditLog', operationId);
    await assertSucceeds(
      runTransaction(db, async (tx) => {
        expect((await tx.get(ref)).exists()).toBe(false);
        const { at: _at, ...undated } = entry({ operationId, inputHash: 'sha256:abc', outcome: { ok: true }, userId: 'u1', before: {}, after: {} });
        (await readAuditChain(tx, db)).append(ref, undated);
      })
    );
    expect((await getDoc(ref)).get('outcome')).toEqual({ ok: true });
  });

  it('refuses to overwrite, edit or delete an entry, even its own', async () => {
    const db = dbOf('administrator');
    const ref = doc(db, 'auditLog', randomUUID());
    await assertSucceeds(chainedEntry(db, ref.id, entry({ outcome: { ok: true } })));
    await assertFails(setDoc(ref, entry({ outcome: { ok: false } })));
    await assertFails(updateDoc(ref, { reason: 'tidied up' }));
    await assertFails(updateDoc(ref, { adminUid: ADMIN.uid, at: serverTimestamp() }));
    await assertFails(deleteDoc(ref));
  });
});

describe("firestore.rules: Ledgerdesk's own writes pass, each with its one entry", () => {
  const store = () => firestoreLedgerStore(dbOf('administrator'));
  const ctx = () => ({ store: store(), actor: ADMIN, operation: { id: randomUUID(), fingerprint: 'rules-check' }, platformName: 'Acme Invest' });
  const TXID = 'c'.repeat(64);

  beforeAll(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await Promise.all([
        setDoc(doc(db, 'users', 'dana'), { fullname: 'Dana', email: 'dana@example.com', balance: 5, Totaldeposit: 0, referreduserid: 'REFRITA' }),
        setDoc(doc(db, 'users', 'rita'), { fullname: 'Rita', email: 'rita@example.com', balance: 0, myReferralId: 'REFRITA' }),
        setDoc(doc(db, 'investments', 'inv-dana'), { userId: 'dana', amount: 100, status: 'pending' }),
        setDoc(doc(db, 'deposits', 'dep-dana'), {
          userId: 'dana',
          userEmail: 'dana@example.com',
          amount: 100,
          method: 'BITCOIN',
          status: 'pending',
          investmentId: 'inv-dana'
        }),
        setDoc(doc(db, 'withdrawals', 'wd-dana'), { userId: 'dana', email: 'dana@example.com', amount: 1, cryptoType: 'BITCOIN', status: 'pending' })
      ]);
    });
  });

  it('a deposit credited with its txid writes the deposit, the customer, the referrer, the investment, the guard and its two e-mails under one entry', async () => {
    const done = ctx();
    await changeStatusWith(depositRule)(done, { id: 'dep-dana', status: 'success', txid: TXID });
    const entry = (await getDoc(doc(dbOf('administrator'), 'auditLog', done.operation.id))).data();
    const queued = await getDocs(query(collection(dbOf('administrator'), 'mailOutbox'), where('auditId', '==', done.operation.id)));
    expect(queued.size).toBe(2);
    expect([...(entry?.paths as string[])].sort()).toEqual(
      ['deposits/dep-dana', 'investments/inv-dana', `txidGuards/${TXID}`, 'users/dana', 'users/rita', ...queued.docs.map((d) => `mailOutbox/${d.id}`)].sort()
    );
    expect((await getDoc(doc(dbOf('administrator'), 'deposits', 'dep-dana'))).get('lastAuditId')).toBe(done.operation.id);
  });

  it('the same txid on a withdrawal is refused by the rule, and Manage, platform settings and wallet addresses pass', async () => {
    await expect(changeStatusWith(withdrawalRule)(ctx(), { id: 'wd-dana', status: 'approved', txid: TXID })).rejects.toMatchObject({ code: 'CONFLICT' });
    await adjustUser(ctx(), {
      id: 'dana',
      field: 'Totaldeposit',
      operation: 'subtract',
      amount: 12.5,
      reason: 'Duplicate credit',
      allowNegative: false,
      operationId: randomUUID()
    });
    await changeSettings(ctx(), { requireTxid: true });
    await changeSettings(ctx(), { requireTxid: false });
    await changeWalletAddresses(ctx(), {
      BITCOIN: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      ETHEREUM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      LITECOIN: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'
    });
    expect((await getDoc(doc(dbOf('administrator'), 'users', 'dana'))).get('Totaldeposit')).toBe(87.5);
  });
});

describe('firestore.rules: a queued e-mail changes only in its delivery', () => {
  it.each([
    ['to', 'attacker@example.com'],
    ['toName', 'Mallory'],
    ['subject', 'Your account is locked'],
    ['html', '<a href="https://phish.example">log in</a>'],
    ['text', 'log in at phish.example'],
    ['companyName', 'Acme Support'],
    ['kind', 'custom'],
    ['about', 'withdrawals/wd-9'],
    ['auditId', 'op-2'],
    ['createdAt', Timestamp.fromMillis(0)],
    ['bcc', 'attacker@example.com']
  ])('refuses a change to %s, alone or beside a delivery field', async (field, value) => {
    const db = dbOf('administrator');
    const ref = doc(db, 'mailOutbox', queuedMailId());
    await assertFails(updateDoc(ref, { [field]: value }));
    await assertFails(updateDoc(ref, { state: 'sending', [field]: value }));
    expect((await getDoc(ref)).get('state')).toBe('queued');
  });

  it('lets the dispatcher claim, mark sent, mark failed and retry, with the code the app runs', async () => {
    const outbox = firestoreMailOutbox(dbOf('administrator'));
    const now = Date.now();
    const sentId = queuedMailId();
    expect(await outbox.claim(sentId, now, 30_000, 'copy-1')).toMatchObject({ id: sentId, attempts: 1 });
    await outbox.markSent(sentId, 'copy-1');

    const failedId = queuedMailId();
    await outbox.claim(failedId, now, 30_000, 'copy-1');
    await outbox.markFailed(failedId, 'copy-1', 'SMTP said no', now + 60_000);
    await outbox.markFailed(failedId, 'copy-1', 'SMTP said no again', null);
    // The retry's audit entry lives at auditLog/{operationId}, signed and dated by the rules' terms.
    const operationId = randomUUID();
    await outbox.retry(failedId, ADMIN, { id: operationId, fingerprint: 'mail.retry' });

    const db = dbOf('administrator');
    expect((await getDoc(doc(db, 'mailOutbox', sentId))).data()).toMatchObject({ state: 'sent', lastError: null, nextAttemptAt: null });
    expect((await getDoc(doc(db, 'mailOutbox', failedId))).data()).toMatchObject({ state: 'queued', attempts: 1, lastError: 'SMTP said no again' });
    expect((await getDoc(doc(db, 'auditLog', operationId))).get('adminUid')).toBe(ADMIN.uid);
    expect(await outbox.counts()).toMatchObject({ sent: 1 });
  });

  it('refuses a delete by the administrator', async () => {
    await assertFails(deleteDoc(doc(dbOf('administrator'), 'mailOutbox', queuedMailId())));
  });
});

describe('firestore.rules: an e-mail is queued only with the audit entry of its change', () => {
  const queue = (options: Parameters<typeof auditedWrite>[4] = {}) =>
    auditedWrite(dbOf('administrator'), `mailOutbox/${randomUUID()}`, 'create', SAMPLE.mailOutbox!.create(ADMIN.uid), options);

  it('allows one whose entry is written with it and lists it', async () => {
    await assertSucceeds(queue());
  });

  it.each([
    ['without its entry', { createEntry: false }],
    ['under an entry that exists already, even one that lists other e-mails', { entryId: 'older-entry', createEntry: false }],
    ['whose entry does not list it', { paths: ['deposits/existing'] }]
  ] satisfies [string, Parameters<typeof auditedWrite>[4]][])('refuses one %s', async (_label, options) => {
    await assertFails(queue(options));
  });

  it('refuses one that names no entry', async () => {
    const { auditId: _auditId, ...unnamed } = SAMPLE.mailOutbox!.create(ADMIN.uid);
    await assertFails(setDoc(doc(dbOf('administrator'), 'mailOutbox', randomUUID()), unnamed));
  });
});

// Issue 24: a customer's notes (append-only, each with its audit entry) and settings/riskRules.
describe('firestore.rules: notes on a customer are written once, signed, with their audit entry', () => {
  const noteId = () => randomUUID();
  const note = (id: string, overrides: DocumentData = {}): DocumentData => ({
    text: 'Called the customer.',
    adminUid: ADMIN.uid,
    adminEmail: ADMIN.email,
    operationId: id,
    at: serverTimestamp(),
    ...overrides
  });
  const auditFor = (id: string, paths = [`users/existing/notes/${id}`]): DocumentData => ({
    action: 'user.note',
    entityPath: 'users/existing',
    paths,
    adminUid: ADMIN.uid,
    at: serverTimestamp(),
    operationId: id
  });
  /** The note and its audit entry in one transaction, as LedgerStore.transact writes them. */
  const withEntry = (db: Firestore, id: string, data: DocumentData, entry: DocumentData | null = auditFor(id)) =>
    runTransaction(db, async (tx) => {
      const chain = await readAuditChain(tx, db);
      tx.set(doc(db, 'users', 'existing', 'notes', id), data);
      if (entry) {
        const { at: _at, ...undated } = entry;
        chain.append(doc(db, 'auditLog', id), undated);
      }
    });

  beforeAll(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await setDoc(doc(db, 'users', 'existing', 'notes', 'kept'), note('kept', { at: Timestamp.now() }));
    });
  });

  it('lets the administrator add one with its audit entry, as the app writes it, and read them', async () => {
    const db = dbOf('administrator');
    const id = noteId();
    await assertSucceeds(withEntry(db, id, note(id)));
    await assertSucceeds(getDocs(query(collection(db, 'users', 'existing', 'notes'), limit(5))));
  });

  it.each([
    ['without its audit entry', (id: string) => [note(id), null]],
    ['signed by another administrator', (id: string) => [note(id, { adminUid: 'someone-else' }), auditFor(id)]],
    ["dated by the admin's own clock", (id: string) => [note(id, { at: Timestamp.now() }), auditFor(id)]],
    ['empty', (id: string) => [note(id, { text: '' }), auditFor(id)]],
    ['longer than 2,000 characters', (id: string) => [note(id, { text: 'x'.repeat(2001) }), auditFor(id)]],
    ['with a field of its own', (id: string) => [note(id, { pinned: true }), auditFor(id)]],
    ['under another id than its action', (id: string) => [note(id, { operationId: randomUUID() }), auditFor(id)]],
    ['whose entry does not list it', (id: string) => [note(id), auditFor(id, ['users/existing'])]],
    ['whose entry lists the same note on another customer', (id: string) => [note(id), auditFor(id, [`users/someone-else/notes/${id}`])]]
  ] satisfies [string, (id: string) => [DocumentData, DocumentData | null]][])('refuses a note %s', async (_label, build) => {
    const id = noteId();
    const [data, entry] = build(id);
    await assertFails(withEntry(dbOf('administrator'), id, data, entry));
  });

  it('refuses a note under an entry that exists already, even one that lists it', async () => {
    const db = dbOf('administrator');
    await assertFails(withEntry(db, 'older-entry', note('older-entry'), null));
    await env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore() as unknown as Firestore, 'auditLog', 'listing-entry'), auditEntry(ADMIN.uid, ['users/existing/notes/listing-entry']))
    );
    await assertFails(withEntry(db, 'listing-entry', note('listing-entry'), null));
  });

  it('refuses any edit or deletion of a note, and everything to anyone but the administrator', async () => {
    const ref = (db: Firestore) => doc(db, 'users', 'existing', 'notes', 'kept');
    await assertFails(updateDoc(ref(dbOf('administrator')), { text: 'Rewritten.' }));
    await assertFails(setDoc(ref(dbOf('administrator')), note('kept')));
    await assertFails(deleteDoc(ref(dbOf('administrator'))));
    for (const caller of ['anonymous', 'customer'] as const) {
      await assertFails(getDoc(ref(dbOf(caller))));
      const id = noteId();
      await assertFails(withEntry(dbOf(caller), id, note(id, { adminUid: uidOf(caller) }), { ...auditFor(id), adminUid: uidOf(caller) }));
    }
  });
});

describe('firestore.rules: the journal of a customer’s money is read by the administrator and written by nobody', () => {
  const entry = (): DocumentData => ({
    userId: 'existing',
    kind: 'updated',
    changes: [{ field: 'balance', before: { cents: 1000, unreadable: null }, after: { cents: 1500, unreadable: null }, deltaCents: 500 }],
    balanceMoved: true,
    balanceAfter: { cents: 1500, unreadable: null },
    writer: { kind: 'serviceAccount', id: 'sa' },
    auditId: null,
    outside: true,
    at: Timestamp.now()
  });
  const ref = (db: Firestore, id = 'kept') => doc(db, 'users', 'existing', 'journal', id);
  /** An entry of the customer's own journal, one for each probe, so one let through cannot change what the next one finds. */
  const own = (db: Firestore, id: string) => doc(db, 'users', CUSTOMER_UID, 'journal', id);
  const onOwnJournal: Record<Operation, (db: Firestore, caller: Caller) => Promise<unknown>> = {
    get: (db, caller) => getDoc(own(db, `${caller}-get`)),
    list: (db) => getDocs(query(collection(db, 'users', CUSTOMER_UID, 'journal'), limit(5))),
    create: (db, caller) => setDoc(own(db, `${caller}-created`), entry()),
    update: (db, caller) => updateDoc(own(db, `${caller}-update`), { balanceAfter: { cents: 1_000_000, unreadable: null } }),
    delete: (db, caller) => deleteDoc(own(db, `${caller}-delete`))
  };

  beforeAll(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await setDoc(ref(db), entry());
      await Promise.all(
        (['anonymous', 'customer'] as const).flatMap((caller) =>
          ['get', 'update', 'delete'].map((operation) => setDoc(own(db, `${caller}-${operation}`), entry()))
        )
      );
    });
  });

  it('lets the administrator read an entry, a customer’s journal and every journal’s outside changes', async () => {
    const db = dbOf('administrator');
    await assertSucceeds(getDoc(ref(db)));
    await assertSucceeds(getDocs(query(collection(db, 'users', 'existing', 'journal'), limit(5))));
    await assertSucceeds(getDocs(query(collectionGroup(db, 'journal'), where('outside', '==', true), limit(5))));
  });

  it('refuses every write to the journal, the administrator’s too, even with an audit entry', async () => {
    const db = dbOf('administrator');
    await assertFails(setDoc(ref(db, 'new-entry'), entry()));
    await assertFails(auditedWrite(db, 'users/existing/journal/audited-entry', 'create', entry()));
    await assertFails(updateDoc(ref(db), { outside: false }));
    await assertFails(deleteDoc(ref(db)));
  });

  it('gives the customer and anyone signed out no other customer’s journal, and no journal across customers', async () => {
    for (const caller of ['anonymous', 'customer'] as const) {
      const db = dbOf(caller);
      await assertFails(getDoc(ref(db)));
      await assertFails(getDocs(query(collectionGroup(db, 'journal'), limit(5))));
    }
  });

  // A platform's rules often give customers their own documents: their journal must stay closed even to them.
  it.each(strangerCells((caller) => (caller === 'customer' ? 'their own journal' : 'a customer’s journal')))('%s', async (_name, caller, operation) => {
    await assertFails(onOwnJournal[operation](dbOf(caller), caller));
  });
});

describe('firestore.rules: settings/riskRules', () => {
  const rules = { cap24h: 500, cap30d: null, stepUpAbove: 10_000, blockedAddresses: [{ address: '0xab', reason: 'Mixer' }] };
  const ref = (caller: Caller) => doc(dbOf(caller), 'settings', 'riskRules');

  const saved = (data: DocumentData) => auditedWrite(dbOf('administrator'), 'settings/riskRules', 'create', data);

  it('lets the administrator read and write the rules in the shape Ledgerdesk reads, each time with its audit entry', async () => {
    await assertSucceeds(saved(rules));
    await assertSucceeds(getDoc(ref('administrator')));
    await assertSucceeds(saved({ ...rules, cap24h: null }));
    await assertFails(setDoc(ref('administrator'), rules));
  });

  it.each([
    ['a field of its own', { ...rules, allowAll: true }],
    ['blocked addresses that are not a list', { ...rules, blockedAddresses: '0xab' }],
    ['a cap that is not a number', { ...rules, cap24h: '500' }],
    ['no step-up amount', { cap24h: null, cap30d: null, blockedAddresses: [] }]
  ])('refuses rules with %s', async (_label, data) => {
    await assertFails(saved(data));
  });

  it('refuses deletion, and everything to anyone but the administrator', async () => {
    await assertFails(deleteDoc(ref('administrator')));
    for (const caller of ['anonymous', 'customer'] as const) {
      await assertFails(getDoc(ref(caller)));
      await assertFails(setDoc(ref(caller), rules));
    }
  });
});

// Issue 28 §5: the riskiest settings need the password typed within the step-up window, where the write lands.
describe('firestore.rules: step-up on wallet addresses, risk rules and platform settings', () => {
  const settings: [string, DocumentData][] = [
    ['settings/walletAddresses', { BITCOIN: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }],
    ['settings/riskRules', { cap24h: 500, cap30d: null, stepUpAbove: 10_000, blockedAddresses: [] }],
    ['settings/ledgerdesk', { requireTxid: false, paysMaturedInvestments: true }]
  ];

  it.each(settings)('%s: refused to a password typed 10 minutes ago, allowed to one typed 4 minutes ago', async (path, data) => {
    await env.withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore() as unknown as Firestore, path)));
    // Created, then updated: both need it.
    await assertFails(auditedWrite(adminTypedPassword(10), path, 'create', data));
    await assertSucceeds(auditedWrite(adminTypedPassword(4), path, 'create', data));
    await assertFails(auditedWrite(adminTypedPassword(10), path, 'update', data));
    await assertSucceeds(auditedWrite(adminTypedPassword(4), path, 'update', data));
  });

  it('leaves the other audited writes to an older sign-in (the app asks for the password where they need it)', async () => {
    await assertSucceeds(auditedWrite(adminTypedPassword(10), 'deposits/existing', 'update', { status: 'failed' }));
  });
});

describe('firestore.rules: a drifted customer of a reconciliation run is kept with its own audit entry', () => {
  const row = 'reconciliationRuns/existing/drifted/u2';
  const keep = (options: Parameters<typeof auditedWrite>[4]) => auditedWrite(dbOf('administrator'), row, 'create', { fullname: 'Uma', figures: [] }, options);

  it('allows a row written with a fresh entry that lists it, and a later rewrite with another', async () => {
    await assertSucceeds(keep({}));
    await assertSucceeds(auditedWrite(dbOf('administrator'), row, 'update', { figures: [] }));
  });

  it('denies a row without an entry, with an entry not written with it, or with one that lists another row', async () => {
    await assertFails(setDoc(doc(dbOf('administrator'), row), { fullname: 'Uma', figures: [] }));
    await assertFails(keep({ createEntry: false }));
    await assertFails(keep({ paths: ['reconciliationRuns/existing/drifted/someone-else'] }));
  });

  it('denies a row under an entry that already existed, even one that lists it', async () => {
    const entryId = randomUUID();
    await assertSucceeds(chainedEntry(dbOf('administrator'), entryId, auditEntry(ADMIN.uid, [row])));
    await assertFails(keep({ entryId, createEntry: false }));
  });

  // One row for each probe, so one let through cannot change what the next one finds.
  const rowOf = (db: Firestore, id: string) => doc(db, 'reconciliationRuns', 'existing', 'drifted', id);
  const onDrifted: Record<Operation, (db: Firestore, caller: Caller) => Promise<unknown>> = {
    get: (db, caller) => getDoc(rowOf(db, `${caller}-get`)),
    list: (db) => getDocs(query(collection(db, 'reconciliationRuns', 'existing', 'drifted'), limit(5))),
    create: (db, caller) => setDoc(rowOf(db, `${caller}-created`), { fullname: 'Mallory', figures: [] }),
    update: (db, caller) => updateDoc(rowOf(db, `${caller}-update`), { figures: [] }),
    delete: (db, caller) => deleteDoc(rowOf(db, `${caller}-delete`))
  };

  beforeAll(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await Promise.all(
        (['anonymous', 'customer'] as const).flatMap((caller) =>
          ['get', 'update', 'delete'].map((operation) => setDoc(rowOf(db, `${caller}-${operation}`), { fullname: 'Uma', figures: [] }))
        )
      );
    });
  });

  it.each(strangerCells(() => 'a run’s drifted customers'))('%s', async (_name, caller, operation) => {
    await assertFails(onDrifted[operation](dbOf(caller), caller));
  });

  it("lets the run's own save through, with its progress, its drifted customers and their entry", async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'reconciliationRuns', 'saving'), {
        state: 'running',
        cursor: null,
        progress: { total: 2, pass: 'p1' }
      });
    });
    const store = firestoreReconciliation(dbOf('administrator'));
    const drifted = [{ userId: 'u3', fullname: 'Uma', email: null, figures: [] }];
    expect(await store.save('saving', 'p1', { cursor: 'u3', totals: emptyTotals() }, drifted, ADMIN)).toBe(true);
    const kept = await getDoc(doc(dbOf('administrator'), 'reconciliationRuns', 'saving', 'drifted', 'u3'));
    const entry = await getDoc(doc(dbOf('administrator'), 'auditLog', kept.get('lastAuditId') as string));
    expect(entry.get('paths')).toEqual(['reconciliationRuns/saving/drifted/u3']);
    expect(entry.get('action')).toBe('reconciliation.keepDrifted');
  });
});

// The claim as the seed and `npm run grant-admin` set it, in real ID tokens from the Auth emulator.
describe('firestore.rules with tokens from the Auth emulator', () => {
  it('refuses the demo customer and lets the demo administrator read', async () => {
    const hosts = emulatorHosts();
    await createAuthAccounts(hosts);
    const app = initializeApp({ projectId: hosts.projectId, apiKey: 'demo-key' }, `rules-tokens-${process.pid}`);
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${hosts.authHost}`, { disableWarnings: true });
    const [host = '', port = ''] = hosts.firestoreHost.split(':');
    const store = getFirestore(app);
    connectFirestoreEmulator(store, host, Number(port));
    const readUser = () => getDoc(doc(store, 'users', 'existing'));
    try {
      await expect(readUser()).rejects.toMatchObject({ code: 'permission-denied' });
      await signInWithEmailAndPassword(auth, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await expect(readUser()).rejects.toMatchObject({ code: 'permission-denied' });
      await signInWithEmailAndPassword(auth, DEMO_ADMIN.email, DEMO_ADMIN.password);
      expect((await readUser()).get('email')).toBe('dana@example.com');
      await signOut(auth);
    } finally {
      await terminate(store);
      await deleteApp(app);
    }
  });
});

// The roles (src/shared/domain/roles.ts): each write tried, with its audit entry as Ledgerdesk writes
// it, by each role, by a plain admin: true (owner), by a role Ledgerdesk does not know and by a
// customer; what may() grants that role is allowed, the rest refused.
describe('roles', () => {
  const CALLERS: Record<string, Record<string, unknown>> = {
    owner: { role: 'owner' },
    admin: { role: 'admin' },
    support: { role: 'support' },
    viewer: { role: 'viewer' },
    'admin: true without a role': { admin: true },
    "role 'superuser'": { role: 'superuser' },
    "role 'superuser' beside admin: true": { role: 'superuser', admin: true },
    customer: {}
  };
  const uidOfRole = (caller: string) => `role-${caller.replace(/\W+/g, '-')}`;
  const clients = new Map<string, Firestore>();
  /** The caller's client, the password typed `minutes` ago. */
  const as = (caller: string, minutes = 0): Firestore => {
    const key = `${caller} ${minutes}`;
    const client =
      clients.get(key) ??
      (env
        .authenticatedContext(uidOfRole(caller), { email: `${uidOfRole(caller)}@acme.test`, ...CALLERS[caller], auth_time: secondsAgo(minutes * 60) })
        .firestore() as unknown as Firestore);
    clients.set(key, client);
    return client;
  };
  const seeded = (path: string, data: DocumentData) =>
    env.withSecurityRulesDisabled((context) => setDoc(doc(context.firestore() as unknown as Firestore, path), data));
  /** A document of the caller's own for one write, so what one test lets through cannot change what another finds. */
  const fresh = async (name: string, data: DocumentData) => {
    const path = `${name}/${randomUUID()}`;
    await seeded(path, data);
    return path;
  };
  const customer = { fullname: 'Uma', email: 'uma@example.com', balance: 10, verified: false, kyc: { status: 'pending', level: 1 } };
  const audited = (caller: string, path: string, kind: 'create' | 'update', data: DocumentData, db = as(caller)) =>
    auditedWrite(db, path, kind, data, { uid: uidOfRole(caller) });

  const WRITES: [string, Capability, (caller: string) => Promise<unknown>][] = [
    [
      'an audited note on a customer',
      'care',
      (caller) => {
        const db = as(caller);
        const id = randomUUID();
        const path = `users/existing/notes/${id}`;
        const by = { adminUid: uidOfRole(caller), at: serverTimestamp() };
        return runTransaction(db, async (tx) => {
          const chain = await readAuditChain(tx, db);
          tx.set(doc(db, path), { text: 'Called the customer.', adminEmail: 'x@acme.test', operationId: id, ...by });
          chain.append(doc(db, 'auditLog', id), { action: 'user.note', paths: [path], adminUid: by.adminUid });
        });
      }
    ],
    ['an audited verification', 'care', async (caller) => audited(caller, await fresh('users', customer), 'update', { verified: true })],
    [
      'an audited KYC decision',
      'care',
      async (caller) =>
        audited(caller, await fresh('users', customer), 'update', { 'kyc.status': 'resubmissionRequested', 'kyc.requestedDocuments': ['selfie'] })
    ],
    [
      'an e-mail queued with its audit entry',
      'care',
      (caller) => audited(caller, `mailOutbox/${randomUUID()}`, 'create', SAMPLE.mailOutbox!.create(uidOfRole(caller)))
    ],
    [
      'a verification that also moves the balance',
      'decide',
      async (caller) => audited(caller, await fresh('users', customer), 'update', { verified: true, balance: 1_000_000 })
    ],
    [
      'a KYC decision that also changes another KYC field',
      'decide',
      async (caller) => audited(caller, await fresh('users', customer), 'update', { 'kyc.status': 'approved', 'kyc.level': 3 })
    ],
    ['an audited adjustment of the balance', 'decide', async (caller) => audited(caller, await fresh('users', customer), 'update', { balance: 15 })],
    [
      'an audited status change of a deposit',
      'decide',
      async (caller) => audited(caller, await fresh('deposits', SAMPLE.deposits!.existing), 'update', { status: 'failed' })
    ],
    [
      'an audited status change of a withdrawal',
      'decide',
      async (caller) => audited(caller, await fresh('withdrawals', SAMPLE.withdrawals!.existing), 'update', { status: 'approved' })
    ],
    ['an audited txid guard', 'decide', (caller) => audited(caller, `txidGuards/${randomUUID()}`, 'create', SAMPLE.txidGuards!.create(uidOfRole(caller)))],
    [
      'an audited reconciliation run',
      'decide',
      (caller) => audited(caller, `reconciliationRuns/${randomUUID()}`, 'create', SAMPLE.reconciliationRuns!.create(''))
    ],
    [
      'a reconciliation run’s progress',
      'decide',
      async (caller) => updateDoc(doc(as(caller), await fresh('reconciliationRuns', SAMPLE.reconciliationRuns!.existing)), { cursor: 'u9' })
    ],
    [
      'an audited plan edit',
      'configure',
      async (caller) => audited(caller, await fresh('investmentPlans', SAMPLE.investmentPlans!.existing), 'update', { roi: 50 })
    ],
    ['audited wallet addresses', 'configure', (caller) => audited(caller, 'settings/walletAddresses', 'create', { BITCOIN: `bc1q-${caller}` })],
    [
      'audited risk rules',
      'configure',
      (caller) => audited(caller, 'settings/riskRules', 'create', { cap24h: 1, cap30d: null, stepUpAbove: 1, blockedAddresses: [] })
    ],
    [
      'audited platform settings (settings/ledgerdesk)',
      'govern',
      (caller) => audited(caller, 'settings/ledgerdesk', 'create', { requireTxid: false, paysMaturedInvestments: true })
    ],
    ['an audited document of another settings', 'govern', (caller) => audited(caller, 'settings/compoundingPlan', 'create', { amount: 100, duration: 30 })],
    // Every role's session: the dispatcher delivers, the day's snapshot is taken, a sign-in is recorded.
    ['an e-mail’s delivery claimed', 'read', (caller) => updateDoc(doc(as(caller), 'mailOutbox', queuedMailId()), SAMPLE.mailOutbox!.update)],
    ['an audited daily snapshot', 'read', (caller) => audited(caller, `dailySnapshots/${randomUUID()}`, 'create', SAMPLE.dailySnapshots!.create(''))],
    ['an audit entry of its own', 'read', (caller) => chainedEntry(as(caller), randomUUID(), { action: 'session.signIn', adminUid: uidOfRole(caller) })],
    ['a read of a customer', 'read', (caller) => getDoc(doc(as(caller), 'users', 'existing'))],
    ['a list of deposits', 'read', (caller) => getDocs(query(collection(as(caller), 'deposits'), limit(5)))],
    ['a read of the audit log', 'read', (caller) => getDocs(query(collection(as(caller), 'auditLog'), limit(5)))],
    ['a read of a customer’s notes', 'read', (caller) => getDocs(query(collection(as(caller), 'users', 'existing', 'notes'), limit(5)))],
    [
      'a read of the journals’ outside changes',
      'read',
      (caller) => getDocs(query(collectionGroup(as(caller), 'journal'), where('outside', '==', true), limit(5)))
    ],
    ['a read of the platform settings', 'read', (caller) => getDoc(doc(as(caller), 'settings', 'ledgerdesk'))],
    ['a read of the team', 'govern', (caller) => getDoc(doc(as(caller), 'team', 'someone'))],
    ['a list of the team', 'govern', (caller) => getDocs(query(collection(as(caller), 'team'), limit(5)))]
  ];

  it.each(
    Object.keys(CALLERS).flatMap((caller) =>
      WRITES.map(([write, needs, attempt]) => {
        const allowed = may(roleOf(CALLERS[caller]!), needs);
        return [`${caller}: ${write} is ${allowed ? 'allowed' : 'refused'}`, allowed, () => attempt(caller)] as const;
      })
    )
  )('%s', async (_name, allowed, attempt) => {
    await (allowed ? assertSucceeds(attempt()) : assertFails(attempt()));
  });

  it('no role writes the team, an owner’s included (the backend host writes it)', async () => {
    await seeded('team/someone', { role: 'viewer' });
    for (const caller of ['owner', 'admin: true without a role']) {
      await assertFails(setDoc(doc(as(caller), 'team', uidOfRole(caller)), { role: 'owner' }));
      await assertFails(updateDoc(doc(as(caller), 'team', 'someone'), { role: 'owner' }));
      await assertFails(deleteDoc(doc(as(caller), 'team', 'someone')));
    }
  });

  it('an admin’s risk rules and wallet addresses still need the password typed within the step-up window', async () => {
    const rules = { cap24h: 500, cap30d: null, stepUpAbove: 10_000, blockedAddresses: [] };
    await assertFails(audited('admin', 'settings/riskRules', 'create', rules, as('admin', 10)));
    await assertSucceeds(audited('admin', 'settings/riskRules', 'create', rules, as('admin', 4)));
    await assertFails(audited('admin', 'settings/walletAddresses', 'create', { BITCOIN: 'bc1q-late' }, as('admin', 10)));
  });

  it('support’s care writes still need their audit entry, signed by themselves', async () => {
    const path = await fresh('users', customer);
    await assertFails(updateDoc(doc(as('support'), path), { verified: true }));
    await assertFails(auditedWrite(as('support'), path, 'update', { verified: true }, { uid: 'someone-else' }));
    await assertFails(updateDoc(doc(as('support'), path), { verified: true, lastAuditId: 'older-entry' }));
  });

  it('support verifies, decides KYC and queues its e-mail with the code the app runs, and cannot adjust a figure', async () => {
    const support = { uid: uidOfRole('support'), email: `${uidOfRole('support')}@acme.test` };
    const store = firestoreLedgerStore(as('support'));
    const ctx = () => ({
      store,
      actor: support,
      operation: { id: randomUUID(), fingerprint: 'rules-roles' },
      platformName: 'Acme Invest',
      mailQueued: () => {}
    });
    const id = (await fresh('users', { ...customer, kyc: { status: 'pending', requestedDocuments: ['selfie'] } })).split('/')[1]!;
    await verifyUser(ctx(), id, true);
    const rejected = ctx();
    await decideUserKyc(rejected, id, { status: 'rejected', reason: 'the document has expired' });
    await decideUserKyc(ctx(), id, { status: 'resubmissionRequested', documents: ['idFront'] });
    const adjustment = { id, field: 'balance', operation: 'add', amount: 100, reason: 'Goodwill', allowNegative: false, operationId: randomUUID() } as const;
    await expect(adjustUser(ctx(), adjustment)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    const db = as('support');
    expect((await getDoc(doc(db, 'users', id))).data()).toMatchObject({
      verified: true,
      balance: 10,
      kyc: { status: 'resubmissionRequested', requestedDocuments: ['idFront'] }
    });
    const queued = await getDocs(query(collection(db, 'mailOutbox'), where('auditId', '==', rejected.operation.id)));
    expect(queued.size).toBe(1);
  });
});
