// Everything the simulation runs against, all real: the Auth and Firestore emulators (under the
// platform's rules: Ledgerdesk's merged with a customer app's), two signed-in copies of Ledgerdesk's
// main process (the dispatcher the renderer talks to) for the owner and a third for the team's second
// administrator (the approver), the backend host, the platform's handlers
// (journal, mail, nightly run) driven by the harness, customers on the client SDK, and
// firebase-admin as the console.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { startMainServices, type MainServices } from '../../src/main/compose';
import type { LedgerStore } from '../../src/core/ports/ledgerStore';
import { PLATFORM_SETTINGS_PATH } from '../../src/shared/domain/platformSettings';
import { startBackendHost, type RunningBackendHost } from '../../server/host';
import { startServerRun } from '../../server/platform/reconciliation';
import { DEMO_ADMIN, DEMO_APPROVER } from '../devenv/demo-accounts';
import { ensureEmulators, type EmulatorHosts, type RunningEmulators } from '../devenv/emulators';
import { startMailSink, type MailSink } from '../devenv/mail-sink';
import { seedGenesis } from '../records/genesis';
import { createAuthAccounts } from '../devenv/seed';
import { customerApp, type CustomerApp, type SimCustomer } from './customerApp';
import { SimClock } from './clock';
import { SimPlatform } from './platform';
import type { Faults, Plant } from './faults';
import type { CommitRecorder } from './commits';

const ROOT = resolve(__dirname, '../..');
export const CUSTOMERS = 6;
export const OPENING_BALANCE = 1_000;

export interface World {
  hosts: EmulatorHosts;
  /** firebase-admin: the checker's reads and the console's writes. */
  db: Firestore;
  auth: Auth;
  /** Two copies of Ledgerdesk signed in as the administrator (two desktops). */
  desktops: MainServices[];
  /** A third copy signed in as the team's second administrator (DEMO_APPROVER, role admin): approves what the policy puts to a second person. */
  approver: MainServices;
  /** The seed's approval policy: approving a withdrawal of at least this many dollars needs a second administrator. */
  withdrawalAtLeast: number;
  customers: CustomerApp[];
  host: RunningBackendHost;
  platform: SimPlatform;
  clock: SimClock;
  mailDir: string;
  close(): Promise<void>;
}

/**
 * The seed's approval policy: withdrawals of at least $0.01 to $250.00 need a second administrator.
 * Customers ask for $0.01 to $500.00, so on every seed some withdrawals are covered and some are not.
 */
export const withdrawalAtLeastOf = (seed: number): number => (1 + (((seed * 2246822519) >>> 0) % 25_000)) / 100;

/** The seeded investment of customer i that has matured (a payout's target). */
export const maturedInvestmentId = (i: number): string => `sim-matured-${i}`;

export const simCustomers: SimCustomer[] = Array.from({ length: CUSTOMERS }, (_, i) => ({
  uid: `sim-c${i}`,
  email: `c${i}@sim.ledgerdesk.test`,
  password: `sim-password-${i}`,
  fullname: `Customer ${i}`,
  myReferralId: `REFSIM${i}`,
  // Each customer but the first was brought by the one before: every deposit pays a referral bonus.
  referreduserid: i === 0 ? null : `REFSIM${i - 1}`
}));

/**
 * Ledgerdesk's rules with the customer app's merged in, as docs/operations/firestore-rules.md says a platform merges them.
 * Under the approve-own plant, every "asked by another administrator" check reads true, as the planted store does.
 */
export function platformRules(plant: Plant | null = null): string {
  let ours = readFileSync(join(ROOT, 'firestore.rules'), 'utf8');
  if (plant === 'approve-own') {
    const other = /requestedBy\.uid != request\.auth\.uid/g;
    if (!other.test(ours)) throw new Error('The approve-own plant found no "requestedBy.uid != request.auth.uid" in firestore.rules to loosen.');
    ours = ours.replace(other, 'requestedBy.uid is string');
  }
  const customers = readFileSync(join(__dirname, 'platform-customers.rules'), 'utf8');
  const end = ours.lastIndexOf('}', ours.lastIndexOf('}') - 1);
  return `${ours.slice(0, end)}${customers}  ${ours.slice(end)}`;
}

async function loadRules(hosts: EmulatorHosts, rules: string): Promise<void> {
  const response = await fetch(`http://${hosts.firestoreHost}/emulator/v1/projects/${hosts.projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } })
  });
  if (!response.ok) throw new Error(`The emulator refused the platform's rules: ${await response.text()}`);
}

async function seed(db: Firestore, auth: Auth, withdrawalAtLeast: number): Promise<void> {
  const batch = db.batch();
  for (const customer of simCustomers) {
    await auth.createUser({ uid: customer.uid, email: customer.email, password: customer.password, emailVerified: true });
    batch.set(db.doc(`users/${customer.uid}`), {
      fullname: customer.fullname,
      email: customer.email,
      balance: OPENING_BALANCE,
      Totaldeposit: 0,
      Totalwithdrawal: 0,
      totalearnings: 0,
      TotalBonus: 0,
      withdrawalLimit: 0,
      verified: false,
      myReferralId: customer.myReferralId,
      ...(customer.referreduserid ? { referreduserid: customer.referreduserid } : {}),
      timestamp: Timestamp.now()
    });
  }
  // Each customer holds one investment past maturity, for the payouts.
  const created = Timestamp.fromMillis(Date.now() - 60 * 24 * 60 * 60_000);
  for (const [i, customer] of simCustomers.entries()) {
    batch.set(db.doc(`investments/${maturedInvestmentId(i)}`), {
      userId: customer.uid,
      email: customer.email,
      plan: 'Starter',
      roi: 10,
      duration: 30,
      amount: 100 + i * 25,
      status: 'active',
      createdAt: created
    });
  }
  batch.set(db.doc('investmentPlans/starter'), { name: 'Starter', min: 10, max: 100_000, roi: 10, duration: 30 });
  // The platform delivers e-mail (its handlers, driven by the harness) and lets Ledgerdesk pay matured investments; the nightly run has an hour.
  // The approval policy (docs/product-rules.md §15.4): withdrawals of at least the seed's amount need a second administrator.
  batch.set(db.doc(PLATFORM_SETTINGS_PATH), {
    mailDelivery: 'server',
    reconciliationHour: 2,
    paysMaturedInvestments: true,
    approvals: { withdrawalAtLeast }
  });
  await batch.commit();
  // Every customer starts with a chained journal (docs/product-rules.md §16.1), as on a platform that ran records-genesis.
  await seedGenesis(db);
}

export interface WorldOptions {
  faults: Faults;
  /** Records the desktops' commits to customers, one by one, for the journal's events. */
  commits: CommitRecorder;
  clock: SimClock;
  /** The approval policy's withdrawal amount, in dollars (the seed chooses it: withdrawalAtLeastOf). */
  withdrawalAtLeast: number;
  /** Given emulators (tests); otherwise started on free ports and stopped at close. */
  hosts?: EmulatorHosts;
  log: (line: string) => void;
}

export async function startWorld(options: WorldOptions): Promise<World> {
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
  };
  try {
    let emulators: RunningEmulators | null = null;
    const hosts = options.hosts ?? (emulators = await ensureEmulators({ authPort: 0, firestorePort: 0, fresh: true, log: options.log }));
    if (emulators) closers.push(() => emulators.stop());
    Object.assign(process.env, {
      FIRESTORE_EMULATOR_HOST: hosts.firestoreHost,
      FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost,
      GCLOUD_PROJECT: hosts.projectId,
      METADATA_SERVER_DETECTION: 'none'
    });
    await loadRules(hosts, platformRules(options.faults.plant));
    const admin: App = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-sim-${process.pid}-${Date.now()}`);
    closers.push(() => deleteApp(admin));
    const db = getFirestore(admin);
    const auth = getAuth(admin);
    await createAuthAccounts(hosts);
    await seed(db, auth, options.withdrawalAtLeast);

    const mailDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-sim-mail-'));
    const sink: MailSink = await startMailSink({ dir: mailDir });
    closers.push(() => sink.close());
    const platform = new SimPlatform({ db, app: admin, smtpUrl: sink.smtpUrl, clock: options.clock, faults: options.faults, log: options.log });
    closers.push(() => platform.close());
    const host = await startBackendHost({
      projectId: hosts.projectId,
      smtpUrl: sink.smtpUrl,
      log: () => undefined,
      runs: { start: (actor, operationId) => startServerRun(platform.runs, actor, operationId) }
    });
    closers.push(() => host.close());

    const env = {
      FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost,
      FIRESTORE_EMULATOR_HOST: hosts.firestoreHost,
      GCLOUD_PROJECT: hosts.projectId,
      LEDGERDESK_BACKEND_URL: host.url,
      LEDGERDESK_DAILY_SNAPSHOT: 'off'
    };
    const desktops: MainServices[] = [];
    // Desktops 0 and 1: the owner (DEMO_ADMIN); the third: the approver (DEMO_APPROVER), its own main process beside them.
    for (const [i, account] of [DEMO_ADMIN, DEMO_ADMIN, DEMO_APPROVER].entries()) {
      const services = await startMainServices({
        transport: 'browser',
        dataDir: mkdtempSync(join(tmpdir(), 'ledgerdesk-sim-desktop-')),
        version: 'simulation',
        env,
        clock: options.clock.desktopClock(),
        log: { error: () => undefined, warn: () => undefined, info: () => undefined },
        mail: { pollMs: 3_600_000 },
        ports: { store: (store: LedgerStore) => options.faults.ledgerStore(options.commits.wrap(store)) }
      });
      closers.push(() => services.dispose());
      const signedIn = await services.dispatch('session.signIn', { email: account.email, password: account.password, rememberMe: false });
      if (!signedIn.ok) throw new Error(`The simulation's administrator ${account.email} (desktop ${i}) could not sign in: ${signedIn.error.message}`);
      desktops.push(services);
    }
    const approver = desktops.pop()!;
    const customers: CustomerApp[] = [];
    for (const customer of simCustomers) {
      const app = await customerApp(hosts, customer);
      closers.push(() => app.close());
      customers.push(app);
    }
    return {
      hosts,
      db,
      auth,
      desktops,
      approver,
      withdrawalAtLeast: options.withdrawalAtLeast,
      customers,
      host,
      platform,
      clock: options.clock,
      mailDir,
      close
    };
  } catch (error) {
    await close();
    throw error;
  }
}
