import { describe, expect, it } from 'vitest';
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { verifyChain } from '@shared/domain/chain';
import { readJournalHead } from '@shared/domain/journalChain';
import { CLAIM_CACHE_MS, journalMoneyChange, platformJournalDb, timestampOfTime, type JournalDb, type JournalEvent } from '../../../server/platform/journal';

/**
 * A database that keeps each customer's entries and head as one transaction would: an entry already
 * there writes nothing; its audit log holds op-2 (admin-uid's change of dana), and admin-uid holds
 * the administrator's claim.
 */
function memoryDb(fail?: Error) {
  const created = new Map<string, Record<string, unknown>>();
  const heads = new Map<string, Record<string, unknown>>();
  const looked: string[] = [];
  const db: JournalDb = {
    async append(userId, entryId, link) {
      if (fail) throw fail;
      const path = `users/${userId}/journal/${entryId}`;
      if (created.has(path)) return false;
      const linked = link(readJournalHead(heads.get(userId)));
      created.set(path, linked.entry);
      heads.set(userId, { ...heads.get(userId), ...linked.head });
      return true;
    },
    auditEntry: async (id) => (
      looked.push(`auditLog/${id}`),
      id === 'op-2' ? { paths: ['users/dana'], adminUid: 'admin-uid', adminEmail: 'ops@acme.example' } : null
    ),
    isAdministrator: async (uid) => (looked.push(`claim of ${uid}`), uid === 'admin-uid')
  };
  return { db, created, heads, looked };
}

const event = (over: Partial<JournalEvent> = {}): JournalEvent => ({
  id: 'evt-1',
  time: '2026-03-02T08:00:00.123456Z',
  userId: 'dana',
  before: { balance: 50, lastAuditId: 'op-1' },
  after: { balance: 75.5, lastAuditId: 'op-2' },
  authType: 'app_user',
  authId: 'admin-uid',
  ...over
});

describe('the journal handler', () => {
  it('creates one entry under the event id, dated to the microsecond of the write', async () => {
    const { db, created } = memoryDb();
    expect(await journalMoneyChange(db, event())).toBe('written');
    expect([...created.keys()]).toEqual(['users/dana/journal/evt-1']);
    const entry = created.get('users/dana/journal/evt-1')!;
    expect(entry).toMatchObject({ auditId: 'op-2', outside: false, changes: [{ field: 'balance', deltaCents: 2550 }] });
    expect(entry.at).toEqual(timestampOfTime('2026-03-02T08:00:00.123456Z'));
    expect([timestampOfTime('2026-03-02T08:00:00.123456Z').seconds, timestampOfTime('2026-03-02T08:00:00.123456Z').nanoseconds]).toEqual([
      Date.UTC(2026, 2, 2, 8) / 1000,
      123_456_000
    ]);
  });

  it('answers a second delivery of the event as already written, and writes nothing for a write with no money change', async () => {
    const { db, created } = memoryDb();
    await journalMoneyChange(db, event());
    expect(await journalMoneyChange(db, event())).toBe('already written');
    expect(await journalMoneyChange(db, event({ id: 'evt-2', after: { balance: 50, lastAuditId: 'op-1', fullname: 'Dana' } }))).toBe('no money change');
    expect(created.size).toBe(1);
  });

  it('stores an event whose id cannot be a document id under its hash, the same on every delivery', async () => {
    const { db, created } = memoryDb();
    expect(await journalMoneyChange(db, event({ id: 'projects/acme/events/1' }))).toBe('written');
    expect(await journalMoneyChange(db, event({ id: 'projects/acme/events/1' }))).toBe('already written');
    expect([...created.keys()]).toEqual([expect.stringMatching(/^users\/dana\/journal\/[0-9a-f]{64}$/)]);
  });

  it('lets any other failure through, so the trigger is retried', async () => {
    const { db } = memoryDb(Object.assign(new Error('14 UNAVAILABLE'), { code: 14 }));
    await expect(journalMoneyChange(db, event())).rejects.toThrow('14 UNAVAILABLE');
  });
});

describe('the journal as a chain', () => {
  const asStored = (entry: Record<string, unknown>): Record<string, unknown> => ({ ...entry, at: (entry.at as Timestamp).toMillis(), recordedAt: null });

  it("numbers a customer's entries 1, 2, 3 in the order they arrive, each linked to the one before, and keeps the head at the last", async () => {
    const { db, created, heads } = memoryDb();
    await journalMoneyChange(db, event());
    await journalMoneyChange(db, event({ id: 'evt-2', time: '2026-03-02T09:00:00.000001Z', before: { balance: 75.5 }, after: { balance: 100 } }));
    await journalMoneyChange(db, event({ id: 'evt-1' }));
    const entries = [...created.entries()].map(([path, data]) => ({ path, data: asStored(data) }));
    expect(entries.map((entry) => entry.data.seq)).toEqual([1, 2]);
    const head = heads.get('dana')!;
    expect(head).toMatchObject({ userId: 'dana', seq: 2, balanceCents: 10_000, toCheck: true });
    expect(verifyChain(entries, { head: { seq: head.seq as number, hash: head.hash as string } })).toEqual([]);
    // The hash covers the time to the millisecond: a time moved by one breaks the link.
    entries[0]!.data.at = (entries[0]!.data.at as number) + 1;
    expect(verifyChain(entries)[0]?.path).toBe('users/dana/journal/evt-1');
  });

  it('keeps the balance of the newest write when an older one is delivered late, and still chains it', async () => {
    const { db, heads } = memoryDb();
    await journalMoneyChange(db, event({ id: 'evt-2', time: '2026-03-02T09:00:00Z', after: { balance: 120 } }));
    await journalMoneyChange(db, event({ id: 'evt-1', time: '2026-03-02T08:00:00Z', after: { balance: 75.5 } }));
    expect(heads.get('dana')).toMatchObject({ seq: 2, balanceCents: 12_000, balanceAt: Date.parse('2026-03-02T09:00:00Z') });
  });
});

describe('what the journal handler looks up', () => {
  it('reads the named audit entry and the claim only for a signed-in writer other than the customer', async () => {
    const { db, created, looked } = memoryDb();
    await journalMoneyChange(db, event());
    expect(looked).toEqual(['auditLog/op-2', 'claim of admin-uid']);
    expect(created.get('users/dana/journal/evt-1')).toMatchObject({ writer: { kind: 'administrator', id: 'admin-uid' }, auditId: 'op-2', outside: false });
    looked.length = 0;
    await journalMoneyChange(db, event({ id: 'evt-2', authId: 'dana', after: { balance: 80, lastAuditId: 'op-3' } }));
    await journalMoneyChange(
      db,
      event({ id: 'evt-3', authType: 'service_account', authId: 'sa@acme.iam.gserviceaccount.com', after: { balance: 90, lastAuditId: 'op-4' } })
    );
    await journalMoneyChange(db, event({ id: 'evt-4', after: { balance: 50, lastAuditId: 'op-1', fullname: 'Dana' } }));
    expect(looked).toEqual([]);
    expect([created.get('users/dana/journal/evt-2')?.outside, created.get('users/dana/journal/evt-3')?.outside]).toEqual([true, true]);
  });

  it('with no auth context, asks the claim of the entry’s signer and names them, by uid and e-mail, as the maker', async () => {
    const { db, created, looked } = memoryDb();
    await journalMoneyChange(db, event({ authType: null, authId: null, noAuthContext: true }));
    expect(looked).toEqual(['auditLog/op-2', 'claim of admin-uid']);
    expect(created.get('users/dana/journal/evt-1')).toMatchObject({
      writer: { kind: 'administrator', id: 'admin-uid', email: 'ops@acme.example' },
      auditId: 'op-2',
      outside: false
    });
  });
});

describe('the journal’s database on firebase-admin', () => {
  /** Sign-in accounts that count lookups: admin-uid has the claim, sam has none, gone does not exist. */
  function accounts() {
    const asked: string[] = [];
    const claims: Record<string, Record<string, unknown>> = {
      'admin-uid': { admin: true },
      sam: { admin: 'yes' },
      sue: { role: 'support' },
      vic: { role: 'viewer' },
      ann: { role: 'auditor', admin: true }
    };
    return {
      asked,
      claims,
      async getUser(uid: string) {
        asked.push(uid);
        if (!(uid in claims))
          throw Object.assign(new Error('There is no user record corresponding to the provided identifier.'), { code: 'auth/user-not-found' });
        return { customClaims: claims[uid] };
      }
    };
  }
  const noDatabase = {} as Firestore;

  it('calls an administrator an account holding any role of the team (admin: true reads as owner), and none that does not exist', async () => {
    const journalDb = platformJournalDb(noDatabase, accounts());
    const asked = ['admin-uid', 'sue', 'vic', 'sam', 'ann', 'gone'];
    const answers = await Promise.all(asked.map((uid) => journalDb.isAdministrator(uid)));
    // A role Ledgerdesk does not know gives none, even beside admin: true.
    expect(Object.fromEntries(asked.map((uid, i) => [uid, answers[i]]))).toEqual({
      'admin-uid': true,
      sue: true,
      vic: true,
      sam: false,
      ann: false,
      gone: false
    });
  });

  it('reads the audit entry’s paths, signer and the signer’s e-mail', async () => {
    const stored: Record<string, unknown> = { paths: ['users/dana', 7], adminUid: 'admin-uid', adminEmail: 'ops@acme.example' };
    const db = { doc: () => ({ get: async () => ({ exists: true, get: (field: string) => stored[field] }) }) } as unknown as Firestore;
    expect(await platformJournalDb(db, accounts()).auditEntry('op-2')).toEqual({
      paths: ['users/dana'],
      adminUid: 'admin-uid',
      adminEmail: 'ops@acme.example'
    });
    delete stored.adminEmail;
    expect(await platformJournalDb(db, accounts()).auditEntry('op-2')).toMatchObject({ adminEmail: null });
  });

  it('remembers an answer for a minute, then asks again (a claim taken away stops counting)', async () => {
    let now = Date.UTC(2026, 2, 2, 8);
    const signIn = accounts();
    const journalDb = platformJournalDb(noDatabase, signIn, () => now);
    await journalDb.isAdministrator('admin-uid');
    now += CLAIM_CACHE_MS - 1;
    signIn.claims['admin-uid'] = {};
    expect(await journalDb.isAdministrator('admin-uid')).toBe(true);
    now += 1;
    expect(await journalDb.isAdministrator('admin-uid')).toBe(false);
    expect(signIn.asked).toEqual(['admin-uid', 'admin-uid']);
  });

  it('lets a lookup that failed for another reason through, so the event is retried', async () => {
    const journalDb = platformJournalDb(noDatabase, { getUser: () => Promise.reject(Object.assign(new Error('quota'), { code: 'auth/internal-error' })) });
    await expect(journalDb.isAdministrator('admin-uid')).rejects.toThrow('quota');
  });

  it('finds no entry under a lastAuditId that cannot be a document id, without asking Firestore', async () => {
    const journalDb = platformJournalDb(noDatabase, accounts());
    expect(await journalDb.auditEntry('auditLog/op-2')).toBeNull();
  });
});
