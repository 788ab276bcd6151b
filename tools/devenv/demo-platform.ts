import { resolve } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { startBackendHost } from '../../server/host';
import { createSmtpSender } from '../../server/mailer';
import { createFirestoreOperationStore } from '../../server/operations';
import { startJournalListener } from '../../server/platform/journalListener';
import { startMailListener, type RunningListener } from '../../server/platform/mailListener';
import { inProcessPageQueue, nightlyReconciliation, runPageTask, startServerRun, type ServerRunDeps } from '../../server/platform/reconciliation';
import { startMailSink } from './mail-sink';

export interface DemoPlatform {
  /** Where Ledgerdesk's e-mail dispatcher sends: the in-process backend host. */
  backendUrl: string;
  /** Every message the backend host sends lands here as an .eml file. */
  mailDir: string;
  close(): Promise<void>;
}

let platforms = 0;

/** Default home of the demo's e-mails, relative to where Ledgerdesk was started. */
export const mailDirFrom = (env: NodeJS.ProcessEnv): string => resolve(env.LEDGERDESK_MAIL_DIR ?? '.ledgerdesk/mail');

/**
 * Demo mode's platform side, all real components: the reference backend host (server/) in this
 * process, verifying ID tokens against the Auth emulator and sending with nodemailer to a local
 * SMTP sink that stores each message as an .eml file; and the platform's own handlers (the deployed
 * functions' code, server/platform/) listening to the collections their triggers watch, so queued
 * e-mails leave with no desktop open when settings/ledgerdesk.mailDelivery says server, and every
 * change to a customer's money gets its journal entry. `handlers: false` starts the host alone (tests
 * of the host itself).
 */
export async function startDemoPlatform(options: {
  projectId: string;
  mailDir: string;
  log?: (line: string) => void;
  handlers?: boolean;
}): Promise<DemoPlatform> {
  const log = options.log ?? (() => undefined);
  const sink = await startMailSink({ dir: options.mailDir });
  // A name of its own: tests may run two platforms in one process.
  const firebase = initializeApp({ projectId: options.projectId }, `ledgerdesk-demo-platform-${process.pid}-${++platforms}`);
  const mailer = createSmtpSender(sink.smtpUrl);
  const release = async () => {
    mailer.close();
    await deleteApp(firebase);
    await sink.close();
  };
  try {
    const db = getFirestore(firebase);
    const listeners: RunningListener[] = [];
    // The task queue and the schedule of the nightly reconciliation, in this process.
    const queue = inProcessPageQueue((task, attempt) => runPageTask(runs, task, attempt), log);
    const runs: ServerRunDeps = { db, log, queue };
    const handlers = options.handlers !== false;
    const host = await startBackendHost({
      projectId: options.projectId,
      smtpUrl: sink.smtpUrl,
      log,
      ...(handlers ? { runs: { start: (actor, operationId) => startServerRun(runs, actor, operationId) } } : {})
    });
    if (handlers) {
      const hourly = setInterval(() => void nightlyReconciliation(runs).catch((error: Error) => log(`nightly reconciliation: ${error.message}`)), 5 * 60_000);
      // Pages under way finish before the database closes.
      listeners.push({ stop: async () => clearInterval(hourly) }, { stop: () => queue.idle() });
      listeners.push(startMailListener({ db, mailer, operations: createFirestoreOperationStore(firebase), log, sweepEveryMs: 5_000 }));
      const journal = startJournalListener(db, getAuth(firebase), log);
      listeners.push(journal);
      await journal.ready;
    }
    return {
      backendUrl: host.url,
      mailDir: sink.dir,
      async close() {
        await Promise.all(listeners.map((listener) => listener.stop()));
        await host.close();
        await release();
      }
    };
  } catch (error) {
    await release();
    throw error;
  }
}
