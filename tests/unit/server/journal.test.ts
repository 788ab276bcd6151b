import { describe, expect, it } from 'vitest';
import { journalMoneyChange, timestampOfTime, type JournalDb, type JournalEvent } from '../../../server/platform/journal';

/** A database that keeps what is created, refusing a second create of one path as Firestore does (code 6). */
function memoryDb(fail?: Error) {
  const created = new Map<string, Record<string, unknown>>();
  const db: JournalDb = {
    doc: (path) => ({
      async create(data) {
        if (fail) throw fail;
        if (created.has(path)) throw Object.assign(new Error('6 ALREADY_EXISTS: entity already exists'), { code: 6 });
        created.set(path, data);
      }
    })
  };
  return { db, created };
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
