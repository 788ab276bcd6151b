// Vitest globalSetup for the integration project: one set of emulators for the whole run, on free
// ports so it never collides with a running `npm start`; reuses emulators the env already names.
import type { TestProject } from 'vitest/node';
import { DEMO_PROJECT_ID, ensureEmulators, type EmulatorHosts } from '../../scripts/emulators';

declare module 'vitest' {
  export interface ProvidedContext {
    emulators: EmulatorHosts;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulators = await ensureEmulators({ authPort: 0, firestorePort: 0, projectId: DEMO_PROJECT_ID });
  // Workers are forked after globalSetup with a copy of process.env, so this reaches every test
  // file; provide() is the explicit route for code that prefers inject('emulators').
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.authHost;
  process.env.FIRESTORE_EMULATOR_HOST = emulators.firestoreHost;
  process.env.GCLOUD_PROJECT = emulators.projectId;
  process.env.METADATA_SERVER_DETECTION = 'none';
  const { projectId, authHost, firestoreHost } = emulators;
  project.provide('emulators', { projectId, authHost, firestoreHost });
  return () => emulators.stop();
}
