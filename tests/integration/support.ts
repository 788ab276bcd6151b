import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PROJECT_ID, type EmulatorHosts } from '../../tools/devenv/emulators';

/** The emulators the global setup started (or found) for this run. */
export function emulatorHosts(): EmulatorHosts {
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  if (!authHost || !firestoreHost) throw new Error('Integration tests need the emulators: run them through npm test.');
  return { projectId: process.env.GCLOUD_PROJECT ?? DEMO_PROJECT_ID, authHost, firestoreHost };
}

/** Environment for a Ledgerdesk main process in demo mode against those emulators. */
export function demoEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const hosts = emulatorHosts();
  return {
    FIREBASE_AUTH_EMULATOR_HOST: hosts.authHost,
    FIRESTORE_EMULATOR_HOST: hosts.firestoreHost,
    GCLOUD_PROJECT: hosts.projectId,
    ...extra
  };
}

export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), 'ledgerdesk-it-'));
