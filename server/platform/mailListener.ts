// The mailOutbox trigger and sweep as a listener, for a platform that runs on this computer (the demo,
// the end-to-end tests): the same handlers as the deployed functions (functions/src/mail.ts), woken by
// a Firestore listener instead of Eventarc, and by a timer instead of Cloud Scheduler.
import { deliverNewMail, sweepMailOutbox, type PlatformMailDeps } from './mailDelivery';

export interface RunningListener {
  stop(): Promise<void>;
}

export function startMailListener(deps: PlatformMailDeps & { sweepEveryMs?: number }): RunningListener {
  // One delivery at a time, in the order the entries were queued, as a quiet function instance would.
  let chain: Promise<unknown> = Promise.resolve();
  const run = (work: () => Promise<unknown>) => {
    chain = chain.then(work).catch((error: unknown) => deps.log(`platform mail: ${error instanceof Error ? error.message : String(error)}`));
  };
  // A queued entry appears here when it is created, and again when the administrator's Retry queues it anew.
  const unsubscribe = deps.db
    .collection('mailOutbox')
    .where('state', '==', 'queued')
    .onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges()) if (change.type === 'added') run(() => deliverNewMail(deps, change.doc.id));
      },
      (error) => deps.log(`platform mail listener stopped: ${error.message}`)
    );
  const sweep = setInterval(() => run(() => sweepMailOutbox(deps)), deps.sweepEveryMs ?? 60_000);
  return {
    async stop() {
      unsubscribe();
      clearInterval(sweep);
      await chain;
    }
  };
}
