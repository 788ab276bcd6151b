import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DEMO_PROJECT_ID, type EmulatorHosts } from '../../../tools/devenv/emulators';

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
    // The desktop's daily snapshot writes an audit entry at sign-in; only its own test wants it (daily-snapshot.test.ts).
    LEDGERDESK_DAILY_SNAPSHOT: 'off',
    ...extra
  };
}

export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), 'ledgerdesk-it-'));

/** A TCP port free on 127.0.0.1 right now (for a backend host the test starts itself). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** Reads until `done` holds (an e-mail delivered, a state reached), or fails naming what it waited for. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
