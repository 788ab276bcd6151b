import { generateKeyPairSync, sign } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import type { VerifyRecordsResult } from '../../src/shared/contract';
import { chainNext, EMPTY_HEAD, linkHash, type ChainHead } from '../../src/shared/domain/chain';
import { digestBody, signingText, verifyDigests, type CustomerHead, type Digest } from '../../src/shared/domain/digest';
import { checkEd25519 } from '../../src/core/evidence';
import { adminDb, freshPlatform, signedInApp, typed } from '../support/integration/moneyFixtures';

// The Evidence screen's check (records.verify, the desktop's client SDK against the emulators) over a
// chained store as the writers leave it, written with firebase-admin: clean untouched, and each of 200
// seeded tamperings made through firebase-admin (what anyone with console access can do) is found,
// naming the tampered document or the chain it broke. One store: tamper, verify, put it back.

/** A seeded generator (mulberry32): the same 200 tamperings every run, so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { below: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const DAY0 = Date.parse('2026-11-20T00:00:00Z');
const HOUR = 3_600_000;
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const KEY = (publicKey.export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32).toString('hex');

interface Doc {
  path: string;
  /** As stored: times as Timestamps. */
  data: Record<string, unknown>;
}

/**
 * Six customers' journals (a genesis entry, then balance changes, one each few hours over four days),
 * an audit chain of the administrators' changes, the heads, and a signed digest at the end of each day.
 */
function chainedStore() {
  const random = seeded(39);
  const docs: Doc[] = [];
  const timed: { recordedAt: number; apply: () => void }[] = [];
  const customers = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay'];
  const journalHeads = new Map<string, CustomerHead & { changedAt: number }>();
  let audit: ChainHead = EMPTY_HEAD;
  let auditAt = 0;

  const day = (d: number) => new Date(DAY0 + d * 24 * HOUR).toISOString().slice(0, 10);
  for (const userId of customers) {
    let head: ChainHead = EMPTY_HEAD;
    let balance = 10_000 * (1 + random.below(9));
    const write = (entry: Record<string, unknown>, atMs: number, id: string) => {
      head = chainNext(head, { ...entry, at: atMs });
      const data = { ...entry, at: Timestamp.fromMillis(atMs), seq: head.seq, hash: head.hash, recordedAt: Timestamp.fromMillis(atMs + 40) };
      docs.push({ path: `users/${userId}/journal/${id}`, data });
      const now = { userId, seq: head.seq, hash: head.hash, balanceCents: balance, changedAt: atMs + 40 };
      timed.push({ recordedAt: atMs + 40, apply: () => journalHeads.set(userId, now) });
    };
    const start = DAY0 + random.below(6) * HOUR;
    write({ userId, kind: 'genesis', changes: [], balanceAfter: { cents: balance, unreadable: null } }, start, 'genesis');
    const count = 3 + random.below(6);
    for (let i = 0; i < count; i++) {
      const deltaCents = (random.below(2) === 0 ? -1 : 1) * (100 + random.below(50_000));
      const before = balance;
      balance += deltaCents;
      const auditId = `op-${userId}-${i}`;
      write(
        {
          userId,
          kind: 'updated',
          changes: [{ field: 'balance', before: { cents: before, unreadable: null }, after: { cents: balance, unreadable: null }, deltaCents }],
          balanceMoved: true,
          balanceAfter: { cents: balance, unreadable: null },
          writer: { kind: 'ledgerdesk', id: 'admin-uid', email: 'admin@ledgerdesk.test' },
          auditId,
          outside: false
        },
        start + (i + 1) * 9 * HOUR,
        `e${String(i).padStart(2, '0')}`
      );
    }
  }
  // The audit chain: one adjustment per customer's change, in the order they were made.
  const journalDocs = docs
    .filter((doc) => doc.data.kind === 'updated')
    .sort((a, b) => (a.data.at as Timestamp).toMillis() - (b.data.at as Timestamp).toMillis());
  for (const entry of journalDocs) {
    auditAt = (entry.data.at as Timestamp).toMillis() - 1_000;
    const change = entry.data.changes as { deltaCents: number }[];
    const fields = {
      action: 'user.adjust',
      adminUid: 'admin-uid',
      summary: `Adjusted ${String(entry.data.userId)} by ${change[0]!.deltaCents} cents`,
      at: auditAt
    };
    audit = chainNext(audit, fields);
    docs.push({ path: `auditLog/${String(entry.data.auditId)}`, data: { ...fields, at: Timestamp.fromMillis(auditAt), seq: audit.seq, hash: audit.hash } });
  }
  // Replay time: at each day's end the digest signs the audit head and every customer's head then.
  timed.sort((a, b) => a.recordedAt - b.recordedAt);
  const digests: Digest[] = [];
  const auditEntries = docs.filter((doc) => doc.path.startsWith('auditLog/'));
  for (let d = 0; d < 4; d++) {
    const takenAt = DAY0 + (d + 1) * 24 * HOUR;
    for (const event of timed.filter((e) => e.recordedAt <= takenAt)) event.apply();
    const signedAudit = auditEntries
      .filter((doc) => (doc.data.at as Timestamp).toMillis() <= takenAt)
      .reduce<ChainHead>(
        (last, doc) => ((doc.data.seq as number) > last.seq ? { seq: doc.data.seq as number, hash: doc.data.hash as string } : last),
        EMPTY_HEAD
      );
    const heads = [...journalHeads.values()].map(({ userId, seq, hash, balanceCents }) => ({ userId, seq, hash, balanceCents }));
    const body = digestBody({ day: day(d), takenAt, audit: signedAudit, heads, previous: digests.at(-1) ?? null, publicKey: KEY });
    digests.push({ ...body, signature: sign(null, Buffer.from(signingText(body)), privateKey).toString('hex') });
  }
  for (const event of timed) event.apply();
  for (const head of journalHeads.values()) {
    docs.push({
      path: `journalHeads/${head.userId}`,
      data: {
        userId: head.userId,
        seq: head.seq,
        hash: head.hash,
        balanceCents: head.balanceCents,
        toCheck: true,
        changedAt: Timestamp.fromMillis(head.changedAt)
      }
    });
  }
  docs.push({ path: 'auditChain/head', data: { seq: audit.seq, hash: audit.hash, at: Timestamp.fromMillis(auditAt) } });
  for (const digest of digests) docs.push({ path: `digests/${digest.day}`, data: { ...digest } });
  return { docs, digests, customers };
}

const tamperings = ['amount', 'reason', 'time', 'delete', 'insert', 'reorder', 'rehash', 'head', 'digest-delete', 'digest-edit'] as const;

describe('records.verify finds every tampering made through firebase-admin', () => {
  let db: Firestore;
  let closeDb: () => Promise<void>;
  let app: MainServices;
  const store = chainedStore();

  beforeAll(async () => {
    ({ db, close: closeDb } = adminDb());
    await freshPlatform();
    app = await signedInApp();
    // Written after signing in: the chain is the fixture's, not the sign-in's own audit entry.
    const batch = db.batch();
    for (const doc of store.docs) batch.set(db.doc(doc.path), doc.data);
    await batch.commit();
  }, 300_000);
  afterAll(async () => {
    await app?.dispose();
    await closeDb();
  });

  const verify = async (range: { from?: string; to?: string } = {}): Promise<VerifyRecordsResult> => {
    const result = await typed(app)('records.verify', range);
    if (!result.ok) throw new Error(`records.verify failed: ${result.error.code} ${result.error.message}`);
    return result.value;
  };

  it('the fixture is what the writers leave: its digests verify with the key that signed them', () => {
    expect(verifyDigests(store.digests, checkEd25519, [KEY])).toEqual([]);
  });

  it('an untouched store verifies clean, whole or by a range of days', async () => {
    const whole = await verify();
    expect(whole.broken).toEqual([]);
    // Every entry, every head (one per customer plus the audit chain's) and every digest.
    expect(whole.checked).toBe(store.docs.filter((doc) => !doc.path.startsWith('auditChain/')).length);
    expect(whole.publicKey).toBe(KEY);
    expect((await verify({ from: store.digests[2]!.day, to: store.digests[3]!.day })).broken).toEqual([]);
  });

  it('names a day whose file it gives back, the same as signed, and whose heads give the signed root', async () => {
    for (const digest of store.digests) {
      const file = await typed(app)('records.digestFile', { day: digest.day });
      expect(file.ok && file.value.fileName).toBe(`digest-${digest.day}.json`);
      const kept = file.ok ? (JSON.parse(file.value.text) as Digest & { heads: unknown[] }) : null;
      expect(kept?.signature).toBe(digest.signature);
      expect(kept?.heads).toHaveLength(digest.customers);
    }
  });

  it('finds each of 200 seeded tamperings, naming the path it broke', async () => {
    const random = seeded(2026);
    const byPath = new Map(store.docs.map((doc) => [doc.path, doc]));
    const entries = store.docs.filter((doc) => /^(auditLog|users\/[^/]+\/journal)\//.test(doc.path));
    const chainOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
    const headOf = (path: string) => (path.startsWith('auditLog/') ? 'auditChain/head' : `journalHeads/${path.split('/')[1]!}`);
    const found: string[] = [];
    for (let n = 0; n < 200; n++) {
      const how = random.pick(tamperings);
      const victim = random.pick(entries);
      const written: string[] = [];
      const set = async (path: string, data: Record<string, unknown>) => {
        written.push(path);
        await db.doc(path).set(data);
      };
      let expected: (path: string) => boolean = (path) => path.startsWith(`${chainOf(victim.path)}/`) || path === headOf(victim.path);
      const data = { ...victim.data };
      if (how === 'amount') {
        const [change] = (data.changes as { deltaCents: number }[] | undefined) ?? [];
        if (change) data.changes = [{ ...change, deltaCents: change.deltaCents + 1 }];
        else if (data.balanceAfter) data.balanceAfter = { cents: 999_999_999, unreadable: null };
        else data.summary = String(data.summary).replace(/by (-?\d+)/, (_m, cents: string) => `by ${Number(cents) + 100}`);
        await set(victim.path, data);
      } else if (how === 'reason') {
        if (data.action) data.summary = `${String(data.summary)} (approved by the owner)`;
        else data.writer = { kind: 'outside', id: null };
        await set(victim.path, data);
      } else if (how === 'time') {
        data.at = Timestamp.fromMillis((data.at as Timestamp).toMillis() + 1 + random.below(86_400_000));
        await set(victim.path, data);
      } else if (how === 'delete') {
        written.push(victim.path);
        await db.doc(victim.path).delete();
      } else if (how === 'insert') {
        await set(`${chainOf(victim.path)}/forged-${n}`, { ...victim.data });
      } else if (how === 'reorder') {
        const sibling = entries.find((doc) => chainOf(doc.path) === chainOf(victim.path) && doc !== victim)!;
        await set(victim.path, { ...victim.data, seq: sibling.data.seq });
        await set(sibling.path, { ...sibling.data, seq: victim.data.seq });
      } else if (how === 'rehash') {
        // Replaced with a new amount and its own hash recomputed over the entry before it: the next link breaks.
        if (data.balanceAfter) data.balanceAfter = { cents: 7_777_777, unreadable: null };
        else data.summary = 'Adjusted by 7777777 cents';
        const before = entries.find((doc) => chainOf(doc.path) === chainOf(victim.path) && doc.data.seq === (victim.data.seq as number) - 1);
        const plain = { ...data, at: (data.at as Timestamp).toMillis(), recordedAt: undefined };
        data.hash = linkHash(before ? (before.data.hash as string) : '0'.repeat(64), plain);
        await set(victim.path, data);
      } else if (how === 'head') {
        const head = byPath.get(headOf(victim.path))!;
        await set(head.path, { ...head.data, hash: data.hash, seq: (head.data.seq as number) + (random.below(2) === 0 ? 1 : -1) });
        expected = (path) => path === head.path;
      } else {
        // A digest: removed (any but the latest, which only the auditor's kept files can vouch for), or its count changed.
        const digests = store.docs.filter((doc) => doc.path.startsWith('digests/'));
        const digest = random.pick(how === 'digest-delete' ? digests.slice(0, -1) : digests);
        if (how === 'digest-delete') {
          written.push(digest.path);
          await db.doc(digest.path).delete();
        } else await set(digest.path, { ...digest.data, customers: (digest.data.customers as number) + 1 });
        expected = (path) => path.startsWith('digests/');
      }
      const { broken } = await verify();
      const label = `#${n} ${how} of ${victim.path}: ${JSON.stringify(broken)}`;
      expect(broken.length, label).toBeGreaterThan(0);
      expect(
        broken.some((link) => expected(link.path)),
        label
      ).toBe(true);
      expect(
        broken.every((link) => link.reason.length > 20),
        label
      ).toBe(true);
      found.push(how);
      // Put the store back: every document touched, as it was (an inserted one removed).
      for (const path of written) {
        const original = byPath.get(path);
        if (original) await db.doc(path).set(original.data);
        else await db.doc(path).delete();
      }
    }
    expect(found).toHaveLength(200);
    expect(new Set(found)).toEqual(new Set(tamperings));
    expect((await verify()).broken).toEqual([]);
  }, 600_000);

  it('a range of days finds an entry changed among the customers it covers', async () => {
    const last = store.digests.at(-1)!.day;
    // The customer whose journal moved last: the last day's range covers them.
    const latest = store.docs
      .filter((doc) => doc.path.startsWith('journalHeads/'))
      .sort((a, b) => (b.data.changedAt as Timestamp).toMillis() - (a.data.changedAt as Timestamp).toMillis())[0]!;
    const victim = store.docs.find((doc) => doc.path === `users/${String(latest.data.userId)}/journal/e02`)!;
    await db.doc(victim.path).update({ outside: true, writer: FieldValue.delete() });
    try {
      const { broken } = await verify({ from: last, to: last });
      expect(broken).toContainEqual({ path: victim.path, reason: expect.stringMatching(/^Its hash is/) });
    } finally {
      await db.doc(victim.path).set(victim.data);
    }
  });
});
