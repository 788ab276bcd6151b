import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium, defineConfig } from '@playwright/test';
import { findChromium } from './tests/support/chromium';

// CHROMIUM_PATH, else Playwright's own Chromium where it is installed, else Debian's `chromium`.
const onPath = (command: string): string | undefined =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, command))
    .find((path) => existsSync(path));
const found = findChromium({ env: process.env, playwrightChromium: () => chromium.executablePath(), exists: existsSync, which: onPath });
// Only the browser project needs it: the Electron smoke test still runs (and says why the other cannot).
if (found.path === undefined) console.warn(found.problem);

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder, which it empties at the start: npm test keeps its logs beside it in test-results/.
  outputDir: 'test-results/e2e',
  globalSetup: './tests/support/e2e/global-setup.ts',
  // One browser-mode server holds one administrator session, so tests run one after another.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // In CI the run shares two cores with the other suites (tools/test-all.ts): a test that fails
  // once is run once more and reported as flaky in the JSON report; failing twice fails the run.
  retries: process.env.CI ? 1 : 0,
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
      executablePath: found.path,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
    },
    // Recording a trace costs every test its screencast and DOM snapshots, a good share of two
    // cores: in CI only the retry of a failed test records one (a failure there is what to read).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure'
  }
});
