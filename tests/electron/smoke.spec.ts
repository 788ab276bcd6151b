import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, chromium, expect, test, type Browser, type ElectronApplication, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { ensureEmulators, type RunningEmulators } from '../../tools/devenv/emulators';
import { seedDemoData } from '../../tools/devenv/seed';
import { LoginPage, Shell } from '../support/e2e/pages';

const root = resolve(__dirname, '../..');

const NO_ELECTRON =
  'No Electron binary on this machine (it cannot be downloaded here); the Electron smoke test runs where one is installed: npx install-electron';

/**
 * The binary `require('electron')` would start, found the way node_modules/electron/index.js
 * finds it but without requiring it: that module downloads Electron when the binary is missing.
 */
function electronBinary(env: NodeJS.ProcessEnv = process.env): string | null {
  const pkg = join(root, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const binary = env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(env.ELECTRON_OVERRIDE_DIST_PATH, name ?? (process.platform === 'win32' ? 'electron.exe' : 'electron'))
    : name && join(pkg, 'dist', name);
  return binary && existsSync(binary) ? binary : null;
}

/**
 * LEDGERDESK_PACKAGED_APP names an installed or packaged Ledgerdesk (the release workflow sets it
 * after building): then this test drives that executable instead of `electron .`.
 */
const packagedApp = process.env.LEDGERDESK_PACKAGED_APP?.trim() || null;
const binary = packagedApp ?? electronBinary();
// The list reporter shows a skipped test without its reason; this line says why, once per run.
if (!binary) console.log(`Electron smoke test skipped: ${NO_ELECTRON}`);

interface Launched {
  page: Page;
  /** The URL of every window the app has open. */
  windowUrls(): Promise<string[]>;
  close(): Promise<void>;
}

/** `electron .` through Playwright's _electron, which drives the main process over --inspect. */
async function launchUnpackaged(executablePath: string, profile: string, env: Record<string, string>): Promise<Launched> {
  const app: ElectronApplication = await _electron.launch({
    executablePath,
    args: [`--user-data-dir=${join(profile, 'Ledgerdesk')}`, '.'],
    cwd: root,
    env
  });
  return {
    page: await app.firstWindow(),
    windowUrls: () => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((window) => window.webContents.getURL())),
    close: () => app.close()
  };
}

/**
 * A packaged app has its --inspect fuse off (electron-builder.yml), so _electron cannot attach:
 * the page is reached over the DevTools protocol instead, which a packaged app still offers
 * when it is started with --remote-debugging-port.
 */
async function launchPackaged(executablePath: string, profile: string, env: Record<string, string>): Promise<Launched> {
  const child: ChildProcess = spawn(executablePath, ['--remote-debugging-port=0', `--user-data-dir=${join(profile, 'Ledgerdesk')}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe']
  });
  const endpoint = await new Promise<string>((resolveEndpoint, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`No DevTools endpoint within 60 s. Output:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveEndpoint(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`${executablePath} exited with ${code} before it was ready. Output:\n${output}`)));
  });
  const browser: Browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const appPage = async (): Promise<Page> => {
    for (;;) {
      const found = context.pages().find((candidate) => candidate.url().startsWith('app://ledgerdesk/'));
      if (found) return found;
      await context.waitForEvent('page', { timeout: 30_000 });
    }
  };
  return {
    page: await appPage(),
    windowUrls: async () => context.pages().map((candidate) => candidate.url()),
    close: async () => {
      await browser.close().catch(() => undefined);
      child.kill();
    }
  };
}
// Linux Electron needs an X or Wayland display; CI without one runs this under xvfb-run.
const display = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

test.describe('the desktop app (Playwright _electron)', () => {
  test.skip(!binary, NO_ELECTRON);
  test.skip(!display, 'Electron needs a display on Linux and none is set: run the tests under xvfb-run.');
  test.setTimeout(120_000);

  let emulators: RunningEmulators | undefined;
  let app: Launched | undefined;
  let profile = '';

  test.beforeAll(async () => {
    // A fresh profile: a real ledgerdesk.config.json in the usual folder would point the test at
    // production, and a running Ledgerdesk would hold the single-instance lock.
    profile = mkdtempSync(join(tmpdir(), 'ledgerdesk-electron-'));
    const built = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].every((f) => existsSync(join(root, f)));
    if (!built && !packagedApp) execSync('npx electron-vite build', { cwd: root, stdio: 'inherit' });
    if (packagedApp && !existsSync(packagedApp)) throw new Error(`LEDGERDESK_PACKAGED_APP names ${packagedApp}, which does not exist.`);
    // Reuses the seeded emulators the e2e global setup names in the environment.
    emulators = await ensureEmulators({ authPort: 0, firestorePort: 0 });
    if (emulators.startedByUs) await seedDemoData(emulators);
  });

  test.afterAll(async () => {
    await app?.close();
    await emulators?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test(`${packagedApp ? 'the packaged app ' : ''}launches, signs the demo admin in to the Dashboard, and gives the page only window.api`, async () => {
    if (!binary || !emulators) throw new Error('unreachable: skipped above');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: emulators.authHost,
      FIRESTORE_EMULATOR_HOST: emulators.firestoreHost,
      GCLOUD_PROJECT: emulators.projectId,
      XDG_CONFIG_HOME: profile,
      APPDATA: profile,
      // Electron treats any non-empty ELECTRON_DISABLE_SECURITY_WARNINGS (even 'false') as "off";
      // this forces its renderer security warnings on, and the test asserts there are none.
      ELECTRON_ENABLE_SECURITY_WARNINGS: 'true'
    };
    for (const name of [
      'ELECTRON_DISABLE_SECURITY_WARNINGS',
      'ELECTRON_RENDERER_URL',
      'ELECTRON_RUN_AS_NODE',
      'LEDGERDESK_FIREBASE_CONFIG',
      'LEDGERDESK_ADMIN_UID',
      'LEDGERDESK_BACKEND_URL',
      'LEDGERDESK_UPDATE_URL'
    ]) {
      delete env[name];
    }
    // Playwright adds --no-sandbox on Linux (root CI cannot use Chromium's setuid sandbox); the
    // renderer still runs with sandbox: true, so it has no Node, which is what is checked below.
    const launchEnv = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    app = await (packagedApp ? launchPackaged : launchUnpackaged)(binary, profile, launchEnv);

    const page = app.page;
    const securityWarnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Electron Security Warning')) securityWarnings.push(message.text());
    });
    // Electron logs its security warnings while a page loads: load it again with the listener on.
    await page.reload();
    expect(page.url()).toMatch(/^app:\/\/ledgerdesk\//);

    const login = new LoginPage(page);
    await expect(login.submit).toBeVisible();
    await login.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(new Shell(page).heading()).toHaveText('Dashboard');

    const seen = await page.evaluate(() => {
      // Typed by hand: the test tsconfig has Node's types, not the DOM's.
      type Frame = { contentWindow: object | null; remove(): void };
      const w = globalThis as unknown as Record<string, unknown> & {
        document: { createElement(tag: 'iframe'): Frame; body: { append(node: Frame): void } };
      };
      const own = (target: object) => Object.getOwnPropertyNames(target);
      const blank = w.document.createElement('iframe');
      w.document.body.append(blank);
      const baseline = new Set(own(blank.contentWindow ?? {}));
      blank.remove();
      const added = own(w).filter((key) => !baseline.has(key));
      return {
        api: typeof w.api,
        apiFrozen: Object.isFrozen(w.api),
        apiKeys: Object.keys(w.api as object).sort(),
        // Bare names, as page code would use them, not only window properties.
        require: typeof require,
        process: typeof process,
        module: typeof w.module,
        buffer: typeof w.Buffer,
        added,
        // Any object or function the page gained beyond a blank window could be a bridge.
        addedObjects: added.filter((key) => ['object', 'function'].includes(typeof w[key])),
        knownBridges: ['electron', 'ipcRenderer', 'ledgerdesk', 'electronAPI', 'ipc', 'bridge', 'node'].filter((key) => key in w)
      };
    });
    expect(seen).toMatchObject({
      api: 'object',
      apiFrozen: true,
      require: 'undefined',
      process: 'undefined',
      module: 'undefined',
      buffer: 'undefined',
      addedObjects: ['api'],
      knownBridges: []
    });
    expect(seen.apiKeys).toContain('on');
    expect(seen.apiKeys).not.toEqual(expect.arrayContaining(['invoke', 'send', 'ipcRenderer']));

    expect(await app.windowUrls()).toEqual([expect.stringMatching(/^app:\/\/ledgerdesk\//)]);
    expect(securityWarnings).toEqual([]);
  });
});
