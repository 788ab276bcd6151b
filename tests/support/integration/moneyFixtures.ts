import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Input, Output } from '../../../src/shared/contract';
import type { MethodName } from '../../../src/shared/methods';
import type { Result } from '../../../src/shared/result';
import { startMainServices, type MainServices, type StartOptions } from '../../../src/main/compose';
import { AUDIT_HEAD_PATH } from '../../../src/shared/domain/recordsCheck';
import { DEMO_ADMIN } from '../../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../../tools/devenv/emulators';
import { createAuthAccounts } from '../../../tools/devenv/seed';
import { demoEnv, emulatorHosts, freshDataDir } from './emulatorHosts';

/** Small, hand-made money data for the status-change tests, written with firebase-admin. */

let apps = 0;
export function adminDb(): { db: Firestore; close(): Promise<void> } {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const app: App = initializeApp({ projectId: emulatorHosts().projectId }, `money-check-${process.pid}-${++apps}`);
  return { db: getFirestore(app), close: () => deleteApp(app) };
}

export async function freshPlatform(): Promise<void> {
  await resetEmulators(emulatorHosts());
  await createAuthAccounts(emulatorHosts());
}

/**
 * Signing in writes an access entry to the audit log (docs/product-rules.md §11.1). Tests of other
 * features count the entries their own actions write, so the sign-in's entry is waited for and
 * removed: the audit log is as it was before the app signed in. When no chained entry is left, the
 * audit chain's head goes too (§16.6), so the chain starts again at 1 and still verifies.
 */
async function forgetSignInEntry(services: MainServices): Promise<void> {
  await services.accessSettled();
  const { db, close } = adminDb();
  try {
    const entries = await db.collection('auditLog').where('kind', '==', 'access').get();
    await Promise.all(entries.docs.map((entry) => entry.ref.delete()));
    if ((await db.collection('auditLog').orderBy('seq').limit(1).get()).empty) await db.doc(AUDIT_HEAD_PATH).delete();
  } finally {
    await close();
  }
}

/** A signed-in Ledgerdesk main process (one "window"/copy of the app). */
export async function signedInApp(env: NodeJS.ProcessEnv = {}, options: Partial<StartOptions> = {}): Promise<MainServices> {
  const services = await startMainServices({
    transport: 'browser',
    dataDir: freshDataDir(),
    version: 'test',
    env: demoEnv(env),
    ...options
  });
  const signedIn = await services.dispatch('session.signIn', {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
    rememberMe: false
  });
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  await forgetSignInEntry(services);
  return services;
}

export const at = (iso: string) => Timestamp.fromDate(new Date(iso));

export const customers = {
  depositor: {
    fullname: 'Dana Depositor',
    email: 'dana@example.com',
    balance: 50,
    Totaldeposit: 100.1,
    Totalwithdrawal: 0,
    myReferralId: 'REFDANA',
    referreduserid: 'REFRITA'
  },
  referrer: { fullname: 'Rita Referrer', email: 'rita@example.com', balance: 10, Totaldeposit: 0, myReferralId: 'REFRITA' },
  withdrawer: { fullname: 'Wes Withdrawer', email: 'wes@example.com', balance: 40.1, Totalwithdrawal: 1000, myReferralId: 'REFWES' }
};

export async function writeMoneyFixtures(db: Firestore): Promise<void> {
  const batch = db.batch();
  batch.set(db.doc('users/dana'), { ...customers.depositor, timestamp: at('2026-01-01T00:00:00Z') });
  batch.set(db.doc('users/rita'), { ...customers.referrer, timestamp: at('2026-01-01T00:00:00Z') });
  batch.set(db.doc('users/wes'), { ...customers.withdrawer, timestamp: at('2026-01-01T00:00:00Z') });
  batch.set(db.doc('investments/inv1'), { email: 'dana@example.com', plan: 'Gold', status: 'pending', amount: 123.45, createdAt: at('2026-01-02T00:00:00Z') });
  const deposit = (id: string, data: Record<string, unknown>) =>
    batch.set(db.doc(`deposits/${id}`), {
      userId: 'dana',
      userEmail: 'dana@example.com',
      username: 'Dana Depositor',
      method: 'BITCOIN',
      amount: 123.45,
      status: 'pending',
      timestamp: at('2026-01-03T00:00:00Z'),
      ...data
    });
  deposit('dep-linked', { investmentId: 'inv1' });
  deposit('dep-dangling', { investmentId: 'no-such-investment', amount: 20 });
  deposit('dep-string', { amount: '1,234.00' });
  deposit('dep-orphan', { userId: 'nobody' });
  const withdrawal = (id: string, data: Record<string, unknown>) =>
    batch.set(db.doc(`withdrawals/${id}`), {
      userId: 'wes',
      email: 'wes@example.com',
      username: 'Wes Withdrawer',
      amount: 0.2,
      cryptoType: 'ETHEREUM',
      walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      status: 'pending',
      createdAt: at('2026-01-04T00:00:00Z'),
      ...data
    });
  withdrawal('wd-reject', {});
  withdrawal('wd-approve', { amount: 250 });
  withdrawal('wd-approved', { status: 'approved' });
  withdrawal('wd-orphan', { userId: 'nobody' });
  await batch.commit();
}

/** dispatch with the contract's types, as the renderer sees them. */
export const typed =
  (services: MainServices) =>
  <M extends MethodName>(method: M, input: Input<M>): Promise<Result<Output<M>>> =>
    services.dispatch(method, input) as Promise<Result<Output<M>>>;

/** No backend host (an unreachable URL): e-mails stay in the outbox, where the tests count them. */
export const NO_BACKEND = { LEDGERDESK_BACKEND_URL: 'http://127.0.0.1:9' };

export interface PlatformSetup {
  /** Write the money fixtures above after the reset. */
  fixtures?: boolean;
  /** How many signed-in copies of the app (as if the administrator had several windows open). */
  apps?: number;
  /** Read when the apps start, so a file can point them at a port it opened in its own beforeEach. */
  env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
  options?: Partial<StartOptions> | (() => Partial<StartOptions>);
  /** 'test' (the default): a fresh platform and fresh apps for every test; 'file': once for the file. */
  per?: 'test' | 'file';
}

export interface Platform {
  /** firebase-admin on the emulators, for writing data and reading what the app wrote. */
  readonly db: Firestore;
  /** The first signed-in app. */
  readonly app: MainServices;
  readonly apps: readonly MainServices[];
}

/**
 * The setup most integration files share: an admin database for the whole file, and before each
 * test (or once, with per: 'file') emptied emulators with the sign-in accounts, the money fixtures
 * if asked, and signed-in copies of the app, disposed afterwards. Call it inside a describe.
 */
export function usePlatform(setup: PlatformSetup = {}): Platform {
  let admin: ReturnType<typeof adminDb> | null = null;
  let apps: MainServices[] = [];
  const valueOf = <T>(given: T | (() => T) | undefined, fallback: T): T => (typeof given === 'function' ? (given as () => T)() : (given ?? fallback));

  const start = async () => {
    await freshPlatform();
    if (setup.fixtures) await writeMoneyFixtures(platform.db);
    const env = valueOf(setup.env, {});
    const options = valueOf(setup.options, {});
    apps = await Promise.all(Array.from({ length: setup.apps ?? 1 }, () => signedInApp(env, options)));
  };
  const stop = async () => {
    await Promise.all(apps.splice(0).map((app) => app.dispose()));
  };

  beforeAll(() => {
    admin = adminDb();
  });
  afterAll(async () => {
    await admin?.close();
    admin = null;
  });
  if (setup.per === 'file') {
    beforeAll(start);
    afterAll(stop);
  } else {
    beforeEach(start);
    afterEach(stop);
  }

  const platform: Platform = {
    get db() {
      if (!admin) throw new Error('usePlatform: the database is open only while the tests run.');
      return admin.db;
    },
    get app() {
      const [first] = apps;
      if (!first) throw new Error('usePlatform: no app is signed in yet.');
      return first;
    },
    get apps() {
      return apps;
    }
  };
  return platform;
}
