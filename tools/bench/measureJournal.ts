// Issue 29's journal: what the journalMoneyChanges handler (server/platform/journal.ts) asks of Firestore
// and of the sign-in accounts per document write, counted by instrumenting what it is handed (every method
// it calls, on the database, on each reference, and Auth's getUser) and checked in the emulator afterwards
// (the entries it wrote). The events are customers' writes as Firestore would send them: changes that
// claim Ledgerdesk (a signed-in user naming a new lastAuditId, whose entry is read) and changes outside it,
// writes that change no money field, and events delivered a second time.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { answerableAccountOf, auditIdOf, moneyChangesOf } from '../../src/shared/domain/journal';
import { journalMoneyChange, platformJournalDb, type JournalEvent, type SignInAccounts } from '../../server/platform/journal';
import type { EmulatorHosts } from '../devenv/emulators';
import type { Person } from './data';
import type { Target } from './targets';

/** How many writes the measure delivers, whatever the scale: the handler's cost is per event, not per customer. */
export const JOURNAL_WORKLOAD = { ledgerdesk: 100, outside: 100, noMoney: 50, redelivered: 50 } as const;

/**
 * Methods through which the handler reads Firestore outside its append: only the audit entry a write
 * names, once per such delivery. Each append is one transaction reading two documents (the entry, to
 * find a second delivery, and the customer's head), counted apart.
 */
const READS = new Set(['get', 'getAll', 'onSnapshot', 'listDocuments', 'listCollections', 'count', 'aggregate', 'stream']);
const APPEND_READS = 2;

export interface JournalResult {
  events: number;
  /** Deliveries of a write that changed a money field (each redelivery counted again). */
  moneyDeliveries: number;
  /** Distinct writes that changed a money field: the entries there should be. */
  moneyWrites: number;
  /** Deliveries of a money change that name a new audit entry and have an account to answer for it: each reads that entry. */
  namingAnEntry: number;
  /** The signed-in accounts answering for those writes: each claim is looked up once (it is cached for a minute). */
  accounts: number;
  noMoneyWrites: number;
  redelivered: number;
  /** Every method the handler called, by name ("doc", "runTransaction", "doc.get", "auth.getUser"). */
  calls: Record<string, number>;
  /** Transactions that appended (or found already appended) an entry: one per delivery of a money change. */
  appends: number;
  /** Documents read: the audit entries named, and the entry and head each append reads. */
  reads: number;
  /** Journal entries in the emulator afterwards (a collection-group count). */
  entries: number;
  ms: number;
  msPerEvent: number;
}

/** A database that counts what is asked of it, then asks the real one. */
function counted(db: Firestore, calls: Record<string, number>): Firestore {
  const note = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  const watch = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value = Reflect.get(object, name, receiver) as unknown;
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        return (...args: unknown[]) => {
          note(`${prefix}${name}`);
          const answer = (value as (...a: unknown[]) => unknown).apply(object, args);
          return name === 'doc' || name === 'collection' ? watch(answer as object, `${name}.`) : answer;
        };
      }
    });
  return watch(db, '');
}

/** The events: each customer's write with its before and after, as the trigger receives them. */
export function journalEvents(people: readonly Pick<Person, 'id'>[], now = Date.now()): { events: JournalEvent[]; moneyWrites: number; noMoneyWrites: number } {
  const { ledgerdesk, outside, noMoney, redelivered } = JOURNAL_WORKLOAD;
  const events: JournalEvent[] = [];
  const at = (i: number) => new Date(now - (i + 1) * 1000).toISOString();
  const person = (i: number) => people[i % people.length]!.id;
  for (let i = 0; i < ledgerdesk + outside + noMoney; i++) {
    const userId = person(i);
    const byLedgerdesk = i < ledgerdesk;
    const money = i < ledgerdesk + outside;
    events.push({
      id: `bench-journal-${i}`,
      time: at(i),
      userId,
      before: { balance: 100, TotalBonus: 0, fullname: 'Bench', lastAuditId: 'bench-op-0' },
      after: money
        ? { balance: 100 + i + 0.25, TotalBonus: 0, fullname: 'Bench', lastAuditId: byLedgerdesk ? `bench-op-${i + 1}` : 'bench-op-0' }
        : { balance: 100, TotalBonus: 0, fullname: 'Bench B.', lastAuditId: 'bench-op-0' },
      authType: byLedgerdesk ? 'app_user' : 'service_account',
      authId: byLedgerdesk ? 'ledgerdesk-demo-admin' : 'bench@demo.iam.gserviceaccount.com'
    });
  }
  // Eventarc delivers at least once: some events come again.
  for (let i = 0; i < redelivered; i++) events.push({ ...events[i * 3]! });
  return { events, moneyWrites: ledgerdesk + outside, noMoneyWrites: noMoney };
}

export async function measureJournal(hosts: EmulatorHosts, people: readonly Person[], log: (line: string) => void): Promise<JournalResult> {
  process.env.FIRESTORE_EMULATOR_HOST = hosts.firestoreHost;
  const app = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-bench-journal-${process.pid}`);
  try {
    const db = getFirestore(app);
    const { events, moneyWrites, noMoneyWrites } = journalEvents(people);
    const moneyDeliveries = events.filter((e) => e.after?.balance !== e.before?.balance).length;
    log(`journal: ${events.length} events (${moneyWrites} money changes, ${noMoneyWrites} other writes, ${JOURNAL_WORKLOAD.redelivered} delivered again)...`);
    const answering = events.filter((e) => moneyChangesOf(e.before, e.after).length > 0 && answerableAccountOf(e, null) !== null);
    const namingAnEntry = answering.filter((e) => auditIdOf(e.before, e.after) !== null).length;
    const accounts = new Set(answering.map((e) => answerableAccountOf(e, null))).size;
    const calls: Record<string, number> = {};
    process.env.FIREBASE_AUTH_EMULATOR_HOST = hosts.authHost;
    const auth = getAuth(app);
    const signIn: SignInAccounts = { getUser: (uid) => ((calls['auth.getUser'] = (calls['auth.getUser'] ?? 0) + 1), auth.getUser(uid)) };
    const handed = platformJournalDb(counted(db, calls), signIn);
    const started = performance.now();
    for (const event of events) await journalMoneyChange(handed, event);
    const ms = performance.now() - started;
    const entries = (await db.collectionGroup('journal').count().get()).data().count;
    const appends = calls.runTransaction ?? 0;
    const reads = Object.entries(calls).reduce((sum, [name, n]) => sum + (READS.has(name.split('.').at(-1)!) ? n : 0), 0) + appends * APPEND_READS;
    log(`journal: ${appends} appends, ${reads} reads, ${entries} entries, ${Math.round(ms)} ms`);
    return {
      events: events.length,
      moneyDeliveries,
      moneyWrites,
      noMoneyWrites,
      namingAnEntry,
      accounts,
      redelivered: JOURNAL_WORKLOAD.redelivered,
      calls,
      appends,
      reads,
      entries,
      ms: Math.round(ms),
      msPerEvent: Math.round((ms / events.length) * 10) / 10
    };
  } finally {
    await deleteApp(app);
  }
}

/**
 * One append (a transaction reading the entry and the customer's head) per delivery of a money change,
 * none for other writes, one entry per change whatever the redeliveries; beyond the appends, one read
 * per delivery naming an audit entry (that entry), none otherwise; one claim lookup per answering account.
 */
export function journalTarget(j: JournalResult): Target {
  const only = Object.keys(j.calls).every((name) => ['doc', 'runTransaction', 'doc.get', 'auth.getUser'].includes(name));
  const lookups = j.calls['auth.getUser'] ?? 0;
  const expectedReads = j.namingAnEntry + j.moneyDeliveries * APPEND_READS;
  const met = j.reads === expectedReads && lookups <= j.accounts && only && j.appends === j.moneyDeliveries && j.entries === j.moneyWrites;
  return {
    met,
    detail:
      `${j.appends} appends for ${j.moneyDeliveries} deliveries of a money change (${j.redelivered} of them again) and none for ${j.noMoneyWrites} other writes; ` +
      `${j.reads} reads: ${j.namingAnEntry} audit entries named, ${APPEND_READS} per append; ${lookups} claim lookups for ${j.accounts} accounts; ` +
      `${j.entries} entries for ${j.moneyWrites} changes; calls: ${Object.entries(j.calls)
        .map(([name, n]) => `${name} x${n}`)
        .join(', ')}`
  };
}
