// The platform's side as the simulation drives it: the deployed functions' handlers (mail trigger and
// sweep on two instances, the nightly run and its page tasks, the journal), called as the platform
// calls them, with the seed's faults at their ports (the SMTP server, the task queue, the journal).
import type { App } from 'firebase-admin/app';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { createSmtpSender, type MailSender } from '../../server/mailer';
import { createFirestoreOperationStore } from '../../server/operations';
import { deliverNewMail, sweepMailOutbox, type PlatformMailDeps } from '../../server/platform/mailDelivery';
import { nightlyReconciliation, pageGaveUp, reconcileNextPage, type PageQueue, type PageTask, type ServerRunDeps } from '../../server/platform/reconciliation';
import type { SimClock } from './clock';
import { InjectedFault, type Faults } from './faults';
import { JournalFeed } from './journalFeed';
import { platformJournalDb } from '../../server/platform/journal';
import { getAuth } from 'firebase-admin/auth';

/** Cloud Tasks tries a task this many times before it gives up (the queue's maxAttempts). */
export const TASK_ATTEMPTS = 3;
/** Tasks one pump delivers at most: a run over the simulation's customers needs one or two. */
const TASKS_PER_PUMP = 20;

interface PlatformOptions {
  db: Firestore;
  app: App;
  smtpUrl: string;
  clock: SimClock;
  faults: Faults;
  log: (line: string) => void;
}

export class SimPlatform {
  readonly journal: JournalFeed;
  readonly runs: ServerRunDeps;
  private readonly tasks: PageTask[] = [];
  private readonly mailer: MailSender;
  private readonly instances: [PlatformMailDeps, PlatformMailDeps];
  private lastQueuedAt: Timestamp | null = null;

  constructor(private readonly options: PlatformOptions) {
    const { db, app, clock, faults, log } = options;
    this.journal = new JournalFeed(
      db,
      platformJournalDb(db, getAuth(app), () => clock.now('functions')),
      faults
    );
    const queue: PageQueue = {
      enqueue: async (task) => {
        if (faults.take('throw-enqueue')) throw new InjectedFault('the task queue refused the first page');
        // The planted defect: the queue accepts the task and never delivers it.
        if (faults.plant === 'stuck-run') return;
        this.tasks.push(task);
      }
    };
    this.runs = { db, queue, log: () => undefined, now: () => new Date(clock.now('functions')) };
    this.mailer = createSmtpSender(options.smtpUrl);
    const operations = createFirestoreOperationStore(app, () => clock.now('functions'));
    const instance = (owner: string): PlatformMailDeps => ({
      db,
      mailer: this.faultyMailer(owner),
      operations,
      log: () => undefined,
      now: () => clock.now('functions'),
      owner
    });
    this.instances = [instance('functions:sim-a'), instance('functions:sim-b')];
    void log;
  }

  /** The SMTP server as one instance reaches it: slow past its lease, cut off after accepting, or (planted) sending twice. */
  private faultyMailer(owner: string): MailSender {
    const { faults, clock } = this.options;
    return {
      send: async (mail) => {
        // A slow SMTP server: the lease runs out mid-send and the other instance's sweep finds the entry due.
        if (owner.endsWith('-a') && faults.take('lease-runs-out')) {
          clock.pass(61_000);
          await sweepMailOutbox(this.instances[1]);
        }
        const sent = await this.mailer.send(mail);
        if (faults.plant === 'second-send') await this.mailer.send(mail);
        if (faults.take('throw-after-smtp')) throw new InjectedFault('the instance died after the SMTP server accepted the message');
        return sent;
      },
      close: () => undefined
    };
  }

  /** The mailOutbox trigger, for every entry queued since the last call; where the event comes twice, on both instances at once. */
  async deliverQueuedMail(): Promise<void> {
    const twice = this.options.faults.take('event-twice');
    let query = this.options.db.collection('mailOutbox').orderBy('createdAt');
    if (this.lastQueuedAt) query = query.startAfter(this.lastQueuedAt);
    const queued = await query.get();
    for (const doc of queued.docs) {
      const createdAt = doc.get('createdAt');
      if (createdAt instanceof Timestamp) this.lastQueuedAt = createdAt;
      await Promise.all((twice ? this.instances : this.instances.slice(0, 1)).map((instance) => deliverNewMail(instance, doc.id)));
    }
  }

  /** The schedule's sweep, on one instance or on both at once (two instances fired together). */
  async sweep(both: boolean): Promise<void> {
    if (both) await Promise.all(this.instances.map((instance) => sweepMailOutbox(instance)));
    else await sweepMailOutbox(this.instances[0]);
  }

  /** The hourly schedule at the night's hour; a refused first page is the schedule's failure, reported to the harness. */
  async nightly(): Promise<string> {
    const night = new Date(this.options.clock.now('functions'));
    night.setUTCHours(2, 0, 0, 0);
    try {
      return await nightlyReconciliation({ ...this.runs, now: () => night });
    } catch (error) {
      if (error instanceof InjectedFault) return 'failed: the first page could not be queued';
      throw error;
    }
  }

  /** Delivers queued page tasks, each tried up to the queue's attempts; a task whose last attempt fails gives the run up. */
  async pumpTasks(twice: boolean): Promise<number> {
    let delivered = 0;
    while (this.tasks.length > 0 && delivered < TASKS_PER_PUMP) {
      const task = this.tasks.shift()!;
      delivered += 1;
      for (let attempt = 1; ; attempt++) {
        try {
          await reconcileNextPage(this.runs, task);
          if (twice) await reconcileNextPage(this.runs, task);
          break;
        } catch (error) {
          if (attempt >= TASK_ATTEMPTS) {
            await pageGaveUp(this.runs, task, error);
            break;
          }
        }
      }
    }
    return delivered;
  }

  queuedTasks(): number {
    return this.tasks.length;
  }

  async close(): Promise<void> {
    this.mailer.close();
  }
}
