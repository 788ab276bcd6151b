// The sign-in page as a browser loads it: every script Chromium fetches for /login until the page is
// idle, gzip -9 of each, summed; then the time from "Log In" to the dashboard's first figures.
import { chromium, type Response } from '@playwright/test';
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_ADMIN } from '../devenv/demo-accounts';
import type { EmulatorHosts } from '../devenv/emulators';
import { appEnv } from './app';
import { startChild, stopChild, waitForLine } from './processes';

/** No new script for this long, every one started answered: the page is idle. */
const QUIET_MS = 1_500;
const TIMEOUT_MS = 60_000;

export interface BrowserLoad {
  /** gzip -9 bytes of every script the sign-in page fetched before it was idle. */
  jsGzipBytes: number;
  jsRawBytes: number;
  files: string[];
  /** From the Log In click to the Dashboard's heading, and to its first figure ("As of …"). */
  signInToDashboardMs: number;
  signInToFiguresMs: number;
  method: string;
}

const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH ?? execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh' }).toString().trim();

const fileOf = (url: string) => new URL(url).pathname.replace(/^.*\//, '');

/** Waits until no script has been asked for QUIET_MS and every one asked for has answered. */
async function scriptsSettled(pending: () => number, lastScriptAt: () => number): Promise<void> {
  const deadline = performance.now() + TIMEOUT_MS;
  while (pending() > 0 || performance.now() - lastScriptAt() < QUIET_MS) {
    if (performance.now() > deadline) throw new Error('The sign-in page kept fetching scripts for a minute.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function measureBrowserLoad(root: string, hosts: EmulatorHosts): Promise<BrowserLoad> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-bench-browser-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ...appEnv(hosts), LEDGERDESK_PORT: '0', LEDGERDESK_DATA_DIR: dataDir };
  delete env.LEDGERDESK_FIREBASE_CONFIG;
  const server = startChild(process.execPath, [join(root, 'out/main/web.js')], { cwd: root, env });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const { line } = await waitForLine(server, /^Ledgerdesk ready: \S+$/, performance.now(), TIMEOUT_MS);
    const url = line.replace(/^Ledgerdesk ready: /, '').replace('/?', '/login?');
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const bodies = new Map<string, Promise<Buffer>>();
    let pending = 0;
    let lastScriptAt = performance.now();
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      pending += 1;
      lastScriptAt = performance.now();
    });
    const settle = () => {
      pending -= 1;
      lastScriptAt = performance.now();
    };
    page.on('requestfailed', (request) => request.resourceType() === 'script' && settle());
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.set(fileOf(response.url()), response.body().finally(settle));
    });
    await page.goto(url);
    await page.getByRole('button', { name: 'Log In' }).waitFor({ timeout: TIMEOUT_MS });
    await scriptsSettled(
      () => pending,
      () => lastScriptAt
    );

    const files = [...bodies.keys()].sort();
    let jsGzipBytes = 0;
    let jsRawBytes = 0;
    for (const body of await Promise.all(bodies.values())) {
      jsRawBytes += body.length;
      jsGzipBytes += gzipSync(body, { level: 9 }).length;
    }

    await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    const clicked = performance.now();
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: TIMEOUT_MS });
    const signInToDashboardMs = performance.now() - clicked;
    await page.getByText(/^As of /).waitFor({ timeout: TIMEOUT_MS });
    const signInToFiguresMs = performance.now() - clicked;

    return {
      jsGzipBytes,
      jsRawBytes,
      files,
      signInToDashboardMs: Math.round(signInToDashboardMs),
      signInToFiguresMs: Math.round(signInToFiguresMs),
      method: `Chromium opens /login in browser mode; every script response until none is asked for ${QUIET_MS} ms, gzip -9 (zlib) of each body, summed`
    };
  } finally {
    await browser.close();
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
