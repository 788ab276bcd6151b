// The journal trigger as a listener, for a platform that runs on this computer (the demo, the
// end-to-end tests): the same handler as the deployed function (functions/src/journal.ts), woken by a
// Firestore listener on users instead of Eventarc. A listener sees each document after a write, not
// before it, so it keeps the last state it saw of each customer; and it has no auth context, so every
// writer is unknown and the audit entry a write names answers for it: a change is Ledgerdesk's when
// that entry lists the customer's document and is signed by an account with the administrator's claim.
import { createHash } from 'node:crypto';
import type { DocumentData, Firestore, Timestamp } from 'firebase-admin/firestore';
import { journalMoneyChange, platformJournalDb, type SignInAccounts } from './journal';
import type { RunningListener } from './mailListener';

/** A Timestamp as RFC 3339 with its nanoseconds, as an event's time is written. */
export const timeOf = (at: Timestamp): string => `${new Date(at.seconds * 1000).toISOString().slice(0, 19)}.${String(at.nanoseconds).padStart(9, '0')}Z`;

/** The event id of a write as the listener saw it: the same document at the same update time is one event. */
export const listenerEventId = (path: string, time: string): string => createHash('sha256').update(`${path}@${time}`).digest('hex').slice(0, 40);

export interface JournalListener extends RunningListener {
  /** Resolves once the listener has seen the customers as they are: writes after it are journaled. */
  ready: Promise<void>;
}

export function startJournalListener(db: Firestore, accounts: SignInAccounts, log: (line: string) => void): JournalListener {
  const journal = platformJournalDb(db, accounts);
  const seen = new Map<string, DocumentData>();
  let started = false;
  let isReady = () => undefined as void;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  // One entry at a time, in the order the writes were seen.
  let chain: Promise<unknown> = Promise.resolve();
  const run = (work: () => Promise<unknown>) => {
    chain = chain.then(work).catch((error: unknown) => log(`journal: ${error instanceof Error ? error.message : String(error)}`));
  };
  const unsubscribe = db.collection('users').onSnapshot(
    (snapshot) => {
      // The first answer is the customers as they are: what later writes are compared with, not writes themselves.
      if (!started) {
        started = true;
        for (const doc of snapshot.docs) seen.set(doc.id, doc.data());
        isReady();
        return;
      }
      for (const change of snapshot.docChanges()) {
        const { id, ref } = change.doc;
        const before = seen.get(id) ?? null;
        const after = change.type === 'removed' ? null : change.doc.data();
        if (after) seen.set(id, after);
        else seen.delete(id);
        const time = timeOf(change.type === 'removed' ? snapshot.readTime : change.doc.updateTime);
        run(async () => {
          const journaled = await journalMoneyChange(journal, {
            id: listenerEventId(ref.path, time),
            time,
            userId: id,
            before,
            after,
            noAuthContext: true
          });
          if (journaled === 'written') log(`journal: ${ref.path} at ${time}`);
        });
      }
    },
    (error) => log(`journal listener stopped: ${error.message}`)
  );
  return {
    ready,
    async stop() {
      unsubscribe();
      await chain;
    }
  };
}
