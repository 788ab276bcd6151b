import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startWebApp } from '../support/e2e/webApp';

// With no platform configured (no emulators, no file, no variables), nobody can sign in:
// the sign-in page says how to connect one instead.
const unconfigured = { FIREBASE_AUTH_EMULATOR_HOST: '', FIRESTORE_EMULATOR_HOST: '', LEDGERDESK_FIREBASE_CONFIG: '' };

test.describe('Connect your platform', () => {
  test('an unconfigured Ledgerdesk explains where the configuration goes', async ({ page }) => {
    const app = await startWebApp(unconfigured);
    try {
      await page.goto(app.url);
      await expect(page.getByRole('heading', { name: 'Connect your platform' })).toBeVisible();
      await expect(page.getByText('ledgerdesk.config.json', { exact: false }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
      await page.screenshot({ path: 'screenshots/connect-platform.png', fullPage: true });
    } finally {
      await app.stop();
    }
  });

  test('a damaged configuration file is reported, not ignored', async ({ page }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-connect-'));
    writeFileSync(join(dataDir, 'ledgerdesk.config.json'), JSON.stringify({ firebase: { projectId: 'acme' } }));
    const app = await startWebApp({ ...unconfigured, LEDGERDESK_DATA_DIR: dataDir });
    try {
      await page.goto(app.url);
      await expect(page.getByRole('alert')).toContainText('firebase.apiKey');
    } finally {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
