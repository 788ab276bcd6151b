// The backend host as one call: what `npm run server`, the demo launcher and the tests start.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createFirebaseVerifier } from './auth';
import { buildBackendHost } from './app';
import type { BackendHostDeps, ServerRuns } from './deps';
import { createFirebaseUserStore } from './users';
import { createSmtpSender, DEFAULT_MAIL_FROM } from './mailer';
import { createFirestoreOperationStore } from './operations';
import { firestoreQueuedMail } from './routes/sendMail';
import { createFirebaseTeamStore } from './team';
import { firebaseReadiness, onEmulatorsOnly } from './readiness';

export interface BackendHostOptions {
  /** Firebase project; may be left out when GOOGLE_APPLICATION_CREDENTIALS names a service account (the plain service asks the metadata server otherwise). */
  projectId?: string;
  smtpUrl: string;
  adminUid?: string | null;
  /** Years a deleted customer's archive is kept (default 5). */
  retainYears?: number;
  /** Shortens the step-up window of deletion and suspension (5 minutes, never more), for tests. */
  stepUpWindowMs?: number;
  mailFrom?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  log?: (line: string) => void;
  /** What GET /healthz reports. */
  version?: string;
  /** Reconciliation runs on this platform's side (the demo's pages run in process); absent, Start runs on the desktop. */
  runs?: ServerRuns;
}

export interface RunningBackendHost {
  url: string;
  close(): Promise<void>;
}

let hostCount = 0;

/**
 * The host's parts on one firebase-admin app: the same for every way the host runs (a process of
 * its own, the demo, the HTTPS function), so the routes behave the same whichever serves them.
 */
export function backendHostDeps(
  firebase: App,
  options: Pick<BackendHostOptions, 'smtpUrl' | 'adminUid' | 'retainYears' | 'stepUpWindowMs' | 'mailFrom'> & { log: (line: string) => void }
): BackendHostDeps {
  return {
    verifier: createFirebaseVerifier(firebase),
    mailer: createSmtpSender(options.smtpUrl, options.mailFrom ?? DEFAULT_MAIL_FROM),
    users: createFirebaseUserStore(firebase),
    operations: createFirestoreOperationStore(firebase),
    queuedMail: firestoreQueuedMail(getFirestore(firebase)),
    team: createFirebaseTeamStore(firebase),
    ready: firebaseReadiness(firebase),
    adminUid: options.adminUid ?? null,
    ...(options.retainYears !== undefined ? { retainYears: options.retainYears } : {}),
    ...(options.stepUpWindowMs !== undefined ? { stepUpWindowMs: options.stepUpWindowMs } : {}),
    log: options.log
  };
}

export async function startBackendHost(options: BackendHostOptions): Promise<RunningBackendHost> {
  const log = options.log ?? ((line: string) => console.log(`[backend host] ${line}`));
  // Against the emulators nothing needs Google credentials, and the metadata server firebase-admin would ask
  // is not there. Anywhere else (Cloud Run, a VM) it is where the service account's credentials come from.
  if (onEmulatorsOnly()) process.env.METADATA_SERVER_DETECTION ??= 'none';
  // One firebase-admin app for both the token checks and the customer store. A unique name: tests
  // and the demo launcher may run several hosts in one process.
  const firebase = initializeApp(options.projectId ? { projectId: options.projectId } : {}, `ledgerdesk-backend-${process.pid}-${++hostCount}`);
  const deps = backendHostDeps(firebase, { ...options, log });
  const { mailer } = deps;
  const app = buildBackendHost({ ...deps, ...(options.version ? { version: options.version } : {}), ...(options.runs ? { runs: options.runs } : {}) });
  const release = async () => {
    mailer.close();
    await deleteApp(firebase);
  };
  try {
    await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  } catch (err) {
    await release();
    throw err;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The backend host is not listening on a TCP port.');
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${hostname}:${address.port}`,
    close: () => (closing ??= app.close().then(release))
  };
}
