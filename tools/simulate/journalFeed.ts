// The journal trigger as the platform fires it, with the simulation's faults: after each operation
// the harness compares every customer with what it saw before (as Firestore's event does, before and
// after, with the writer's auth context) and delivers one event per written customer to the journal's
// handler, the deployed function's code. Eventarc delivers at least once and in no promised order, and
// retries a handler that threw: the harness does the same, by the seed.
import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { journalFields } from '../../src/shared/domain/journal';
import type { CustomerCommit } from './commits';
import { journalMoneyChange, type JournalDb, type JournalEvent } from '../../server/platform/journal';
import { timeOf } from '../../server/platform/journalListener';
import type { Faults } from './faults';

/** Who made an operation's writes, as Firestore's auth context tells it. */
export interface Writer {
  authType: 'app_user' | 'service_account' | 'unknown';
  authId: string | null;
}

interface Seen {
  data: DocumentData;
  updateTime: string;
}

export class JournalFeed {
  private seen = new Map<string, Seen>();
  /** Events waiting for a later delivery: held back (out of order) or whose handler threw (retried). */
  private waiting: JournalEvent[] = [];
  private delivered = 0;

  constructor(
    private readonly db: Firestore,
    private readonly journalDb: JournalDb,
    private readonly faults: Faults
  ) {}

  /** The customers as they are before the first operation: later writes are compared with this. */
  async start(): Promise<void> {
    const users = await this.db.collection('users').get();
    for (const doc of users.docs) this.seen.set(doc.id, { data: doc.data(), updateTime: timeOf(doc.updateTime) });
  }

  /** Customers with an event not yet delivered: the checker leaves their journal for later. */
  pendingCustomers(): Set<string> {
    return new Set(this.waiting.map((event) => event.userId));
  }

  /** The events of the writes made since the last call (Ledgerdesk's commits one by one), delivered with this operation's faults. */
  async afterOperation(writer: Writer, commits: CustomerCommit[]): Promise<void> {
    const retried = this.waiting.splice(0);
    const events = await this.eventsSince(writer, commits);
    const late = events.length > 0 && this.faults.take('event-late');
    const twice = events.length > 0 && this.faults.take('event-twice');
    const throwing = events.length > 0 && this.faults.take('throw-journal');
    for (const [i, event] of events.entries()) {
      if (late) {
        this.waiting.push(event);
        continue;
      }
      if (throwing && i === 0) {
        this.waiting.push(event);
        continue;
      }
      await this.deliver(event);
      if (twice) await this.deliver(event);
    }
    // Held and retried events arrive after this operation's own: out of order, as Eventarc may.
    for (const event of retried) await this.deliver(event);
  }

  /** Every event still waiting, delivered (the end of a run). */
  async drain(): Promise<void> {
    for (const event of this.waiting.splice(0)) await this.deliver(event);
  }

  private async deliver(event: JournalEvent): Promise<void> {
    this.delivered += 1;
    // The planted defect: one event in seven is acknowledged without its entry.
    if (this.faults.plant === 'lost-journal' && this.delivered % 7 === 0) return;
    const journaled = await journalMoneyChange(this.journalDb, event);
    // The planted defect: one entry in five has its time moved by a second afterwards, as someone with
    // console access could; its money is untouched, so only the chain can tell.
    if (this.faults.plant === 'edited-journal' && journaled === 'written' && this.delivered % 5 === 0) {
      const entry = this.db.doc(`users/${event.userId}/journal/${event.id}`);
      const at = (await entry.get()).get('at') as Timestamp;
      await entry.update({ at: Timestamp.fromMillis(at.toMillis() + 1_000) });
    }
  }

  private async eventsSince(writer: Writer, commits: CustomerCommit[]): Promise<JournalEvent[]> {
    const users = await this.db.collection('users').get();
    const events: JournalEvent[] = [];
    const now = new Set<string>();
    const timed = await this.commitTimes(commits);
    for (const doc of users.docs) {
      now.add(doc.id);
      const time = timeOf(doc.updateTime);
      const before = this.seen.get(doc.id);
      if (before?.updateTime === time) continue;
      let last = before?.data ?? null;
      for (const commit of timed.filter((c) => c.userId === doc.id)) {
        events.push({
          id: randomUUID(),
          time: commit.time,
          userId: doc.id,
          before: commit.before,
          after: commit.after,
          authType: 'app_user',
          authId: commit.adminUid
        });
        last = commit.after;
      }
      // What no commit of Ledgerdesk's explains was written by the operation's own writer.
      if (!last || differs(last, doc.data())) events.push({ id: randomUUID(), time, userId: doc.id, before: last, after: doc.data(), ...writer });
      this.seen.set(doc.id, { data: doc.data(), updateTime: time });
    }
    for (const [id, before] of this.seen) {
      if (now.has(id)) continue;
      events.push({ id: randomUUID(), time: timeOf(users.readTime), userId: id, before: before.data, after: null, ...writer });
      this.seen.delete(id);
    }
    return events;
  }

  /** Each commit with its time: its audit entry's, written in the same commit; in the order they committed. */
  private async commitTimes(commits: CustomerCommit[]): Promise<(CustomerCommit & { time: string })[]> {
    const timed = await Promise.all(
      commits.map(async (commit) => {
        const at = (await this.db.doc(`auditLog/${commit.operationId}`).get()).get('at');
        return { ...commit, time: at instanceof Timestamp ? timeOf(at) : new Date().toISOString() };
      })
    );
    return timed.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  }
}

/** Whether a customer's money or named audit entry differ between two states. */
const differs = (a: DocumentData, b: DocumentData): boolean =>
  [...journalFields, 'lastAuditId'].some((field) => JSON.stringify(a[field] ?? null) !== JSON.stringify(b[field] ?? null));
