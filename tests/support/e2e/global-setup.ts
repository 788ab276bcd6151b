import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDemoPlatform } from '../../../tools/devenv/demo-platform';
import { ensureEmulators, resetEmulators } from '../../../tools/devenv/emulators';
import { seedDemoData } from '../../../tools/devenv/seed';
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

  // The e-mail path as in the demo: backend host + SMTP sink; tests read the sink's folder.
  const mail = await startDemoPlatform({
    projectId: emulators.projectId,
    mailDir: mkdtempSync(join(tmpdir(), 'ledgerdesk-e2e-mail-'))
  });
  process.env.LEDGERDESK_BACKEND_URL = mail.backendUrl;
  process.env.LEDGERDESK_E2E_MAIL_DIR = mail.mailDir;

  const app = await startWebApp({ LEDGERDESK_MAIL_POLL_MS: '1000' });
  process.env.LEDGERDESK_E2E_URL = app.url;
  return async () => {
    await app.stop();
    await mail.close();
    await emulators.stop();
  };
}
