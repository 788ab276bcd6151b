import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureEmulators, resetEmulators } from '../../../scripts/emulators';
import { seedDemoData } from '../../../scripts/seed';
import { startWebApp } from './webApp';

/**
 * One set of emulators with the demo data and one browser-mode server for the whole run, as a
 * person gets from `npm run web`. Tests that need different settings start their own server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = resolve(__dirname, '../../..');
  if (!existsSync(resolve(root, 'out/main/web.js')) || process.env.LEDGERDESK_E2E_BUILD === '1') {
    execSync('npx electron-vite build', { cwd: root, stdio: 'inherit' });
  }
  const emulators = await ensureEmulators({ authPort: 0, firestorePort: 0 });
  await resetEmulators(emulators);
  await seedDemoData(emulators);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.authHost;
  process.env.FIRESTORE_EMULATOR_HOST = emulators.firestoreHost;
  process.env.GCLOUD_PROJECT = emulators.projectId;

  const app = await startWebApp();
  process.env.LEDGERDESK_E2E_URL = app.url;
  return async () => {
    await app.stop();
    await emulators.stop();
  };
}
