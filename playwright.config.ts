import { execSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser build (these machines cannot download one).
const chromiumPath = (): string => {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh' }).toString().trim();
  } catch {
    throw new Error('Chromium is not installed: run `apt-get install -y chromium` (Debian) or set CHROMIUM_PATH.');
  }
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // One browser-mode server holds one administrator session, so tests run one after another.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  // One run, one report: the Electron smoke test is counted (as skipped where no Electron binary
  // exists) wherever the browser e2e runs. It reuses the emulators the global setup starts.
  projects: [
    { name: 'browser', testDir: 'tests/e2e' },
    { name: 'electron', testDir: 'tests/electron' }
  ],
  use: {
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run'
      ]
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure'
  }
});
