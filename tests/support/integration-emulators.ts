// Vitest setup file for the integration project: every test file gets emulators of its own.
// One shared pair wore out over a run (a reset or a listen stream could stall for minutes near
// the end), and a fresh pair costs about 8 s per file, which buys tests that cannot disturb each other.
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PROJECT_ID, ensureEmulators, type RunningEmulators } from '../../tools/devenv/emulators';

let emulators: RunningEmulators | null = null;

beforeAll(async () => {
  emulators = await ensureEmulators({ authPort: 0, firestorePort: 0, projectId: DEMO_PROJECT_ID, fresh: true, log: () => undefined });
  // Read by tests/integration/support.ts and by every Firebase SDK the tests start.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.authHost;
  process.env.FIRESTORE_EMULATOR_HOST = emulators.firestoreHost;
  process.env.GCLOUD_PROJECT = emulators.projectId;
  process.env.METADATA_SERVER_DETECTION = 'none';
}, 90_000);

afterAll(async () => {
  await emulators?.stop();
  emulators = null;
});
