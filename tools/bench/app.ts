// The app itself, in this process: the same composition root as Electron and browser mode,
// signed in as the demo administrator, driven through dispatch as the renderer drives it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReconciliationStore } from '../../src/core/ports/reconciliation';
import { startMainServices, type MainServices } from '../../src/main/compose';
import type { Input, Output } from '../../src/shared/contract';
import type { MethodName } from '../../src/shared/methods';
import { DEMO_ADMIN } from '../devenv/demo-accounts';
import type { EmulatorHosts } from '../devenv/emulators';

export interface BenchApp {
  call<M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>>;
  close(): Promise<void>;
}

/** Environment for a Ledgerdesk process in demo mode against the bench's emulators only. */
export const appEnv = (hosts: EmulatorHosts): NodeJS.ProcessEnv => ({
  FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost,
  FIRESTORE_EMULATOR_HOST: hosts.firestoreHost,
  GCLOUD_PROJECT: hosts.projectId
});

/** How often the bench tells the session it is in use, as the page does on input (idle sign-out is 2 min). */
export const ACTIVITY_EVERY_MS = 20_000;

export interface AppOptions {
  /** Wraps the reconciliation run's store (the bench times its calls). */
  reconciliationStore?: (store: ReconciliationStore) => ReconciliationStore;
}

export async function startApp(hosts: EmulatorHosts, options: AppOptions = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-bench-app-'));
  let services: MainServices | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  const close = async () => {
    clearInterval(heartbeat);
    await services?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    services = await startMainServices({
      transport: 'browser',
      dataDir,
      version: 'bench',
      env: appEnv(hosts),
      ...(options.reconciliationStore ? { reconciliation: { store: options.reconciliationStore } } : {})
    });
    const call = async <M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>> => {
      const result = await services!.dispatch(method, input);
      if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
      return result.value as Output<M>;
    };
    await call('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    // The read-all paths take minutes at full scale; an idle session would be signed out meanwhile.
    heartbeat = setInterval(() => void services?.dispatch('session.activity', {}), ACTIVITY_EVERY_MS);
    heartbeat.unref();
    return { call, close };
  } catch (error) {
    await close();
    throw error;
  }
}
