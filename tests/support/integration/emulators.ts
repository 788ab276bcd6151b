// Vitest setup file for the integration project: every test file starts on emptied emulators,
// leased from the pair tests/support/integration/global-setup.ts keeps for a few files at a time.
import { beforeAll, inject } from 'vitest';
import { resetEmulators } from '../../../tools/devenv/emulators';
import type { EmulatorLease } from './global-setup';

beforeAll(async () => {
  const response = await fetch(inject('integrationEmulators'));
  if (!response.ok) throw new Error(await response.text());
  const lease = (await response.json()) as EmulatorLease;
  // Read by tests/support/integration/emulatorHosts.ts and by every Firebase SDK the tests start.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = lease.authHost;
  process.env.FIRESTORE_EMULATOR_HOST = lease.firestoreHost;
  process.env.GCLOUD_PROJECT = lease.projectId;
  process.env.METADATA_SERVER_DETECTION = 'none';
  // Whatever the previous file on this pair left behind is gone before this one looks.
  await resetEmulators(lease);
}, 90_000);
