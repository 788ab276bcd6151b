import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_ADMIN, DEMO_APPROVER, DEMO_CUSTOMER, DEMO_VIEWER } from './demo-accounts';
import { mailDirFrom, startDemoPlatform, type DemoPlatform } from './demo-platform';
import { demoPolicyLine } from './demo-policy';
import { ensureEmulators, type RunningEmulators } from './emulators';
import { seedDemoData } from './seed';
import { decideStart, type StartDecision, type StartFacts } from './start/decide';
import { onDevServer, startRendererDevServer, type RendererDevServer } from './start/devServer';
import { downloadElectron, electronBinary, electronPackage, progressText, type Progress } from './start/electron';
import { launchAddress } from './start/launch';

/**
 * `npm start` / `npm run web`: with no platform configured, start local Firebase emulators and
 * seed the demo data; then open the desktop app, downloading Electron first where it is missing
 * and a display exists, or browser mode (decided in start/decide.ts). Whatever we started is
 * stopped again on Ctrl+C or SIGTERM.
 *
 * Options: --web (browser mode), --no-open (browser mode does not open the default browser),
 * --dev (`npm run dev`: the renderer from Vite's dev server with hot reload; the desktop app through
 * `electron-vite dev`, browser mode through start/devServer.ts in front of the built main process).
 */
const root = resolve(__dirname, '../..');
const args = process.argv.slice(2);
const dev = args.includes('--dev');
const DEFAULT_WEB_PORT = 5199;
/** electron-vite's command line, run with this Node (no shell, whatever the OS). */
const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');

const hasProductionConfig = (): boolean =>
  Boolean(process.env.LEDGERDESK_FIREBASE_CONFIG) || existsSync(join(resolve(process.env.LEDGERDESK_DATA_DIR ?? '.ledgerdesk'), 'ledgerdesk.config.json'));

const portIsFree = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const srv = net.createServer();
    srv.once('error', () => done(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => done(true)));
  });

/** One line that updates in place on a terminal; elsewhere a line every 10%. */
function progressPrinter(): { update(p: Progress): void; end(): void } {
  const tty = process.stdout.isTTY === true;
  let lastTenth = -1;
  let lastDraw = 0;
  return {
    update(p) {
      if (tty) {
        if (Date.now() - lastDraw < 200) return;
        lastDraw = Date.now();
        process.stdout.write(`\r  Downloading Electron: ${progressText(p)}   `);
        return;
      }
      const tenth = p.total ? Math.floor((p.transferred / p.total) * 10) : -1;
      if (tenth > lastTenth) {
        lastTenth = tenth;
        console.log(`  Downloading Electron: ${progressText(p)}`);
      }
    },
    end() {
      if (tty && lastDraw > 0) process.stdout.write('\n');
    }
  };
}

async function main(): Promise<void> {
  let emulators: RunningEmulators | null = null;
  let mail: DemoPlatform | null = null;
  let child: ChildProcess | null = null;
  let devServer: RendererDevServer | null = null;
  let stopping = false;
  const downloadAbort = new AbortController();

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    downloadAbort.abort();
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child?.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await devServer?.close();
    await mail?.close();
    await emulators?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));

  // What to open, decided before anything starts so a download happens first, with the screen to itself.
  const pkg = electronPackage(root);
  const facts: StartFacts = {
    wantsWeb: args.includes('--web'),
    noOpen: args.includes('--no-open'),
    platform: process.platform,
    display: { DISPLAY: process.env.DISPLAY, WAYLAND_DISPLAY: process.env.WAYLAND_DISPLAY },
    hasBinary: pkg !== null && electronBinary(pkg.dir) !== null,
    nodeVersion: process.versions.node,
    skipDownload: Boolean(process.env.ELECTRON_SKIP_BINARY_DOWNLOAD),
    download: pkg ? null : { ok: false, reason: 'the electron package is not installed; run npm install' }
  };
  let decision: StartDecision = decideStart(facts);
  if (decision.kind === 'download' && pkg) {
    console.log(`No Electron binary yet: downloading Electron ${pkg.version} with Electron's installer (once; Ctrl+C stops).`);
    const printer = progressPrinter();
    const outcome = await downloadElectron({
      pkg,
      signal: downloadAbort.signal,
      onProgress: (p) => printer.update(p),
      onInstalling: () => {
        printer.end();
        console.log('  Unpacking Electron (node_modules/electron/install.js)...');
      }
    });
    printer.end();
    if (stopping) return;
    decision = decideStart({ ...facts, download: outcome });
    if (outcome.ok) console.log(`Electron ${pkg.version} is installed.`);
  }
  if (decision.kind === 'browser' && decision.line) console.log(decision.line);
  // Browser mode's page comes from Vite, but its calls go to the built main process: build it first.
  if (dev && decision.kind === 'browser') {
    console.log('Building the main process for browser mode (the page itself is served from source)...');
    if (spawnSync(process.execPath, [electronVite, 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
      console.error('The build failed: see above.');
      return stop(1);
    }
  }

  const env: NodeJS.ProcessEnv = { ...process.env };
  if (hasProductionConfig()) {
    console.log('Platform configuration found: connecting to it (no demo data).');
  } else {
    console.log('No platform configured: starting local Firebase emulators with demo data...');
    emulators = await ensureEmulators({ log: (line) => console.log(line), ifPortTaken: 'pickFree' });
    if (stopping) return;
    console.log(`Emulators: Auth ${emulators.authHost}, Firestore ${emulators.firestoreHost} (project ${emulators.projectId}).`);
    const summary = await seedDemoData(emulators);
    Object.assign(env, {
      FIREBASE_AUTH_EMULATOR_HOST: emulators.authHost,
      FIRESTORE_EMULATOR_HOST: emulators.firestoreHost,
      GCLOUD_PROJECT: emulators.projectId
    });
    // firebase-admin in the backend host finds the Auth emulator through this process's env.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.authHost;
    if (!env.LEDGERDESK_BACKEND_URL) {
      mail = await startDemoPlatform({ projectId: emulators.projectId, mailDir: mailDirFrom(env) });
      env.LEDGERDESK_BACKEND_URL = mail.backendUrl;
    }
    const counts = Object.entries(summary)
      .filter(([, value]) => typeof value === 'number')
      .map(([name, value]) => `${value} ${name}`)
      .join(', ');
    console.log(`Demo data: ${counts}.`);
    console.log(`Demo administrator (owner): ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`Demo approver (admin): ${DEMO_APPROVER.email} / ${DEMO_APPROVER.password}`);
    console.log(`Demo viewer (viewer: reads only): ${DEMO_VIEWER.email} / ${DEMO_VIEWER.password}`);
    console.log(`Demo customer (refused, not the administrator): ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
    console.log(demoPolicyLine());
    if (mail) console.log(`Demo e-mails: sent through a local backend host and saved as .eml files in ${mail.mailDir}`);
  }
  if (stopping) return;

  if (decision.kind === 'desktop' && dev) {
    // electron-vite builds main and preload, serves the renderer with hot reload and starts Electron on it (ELECTRON_RENDERER_URL).
    console.log('Starting the desktop app from source: the window reloads what you change in src/renderer.');
    child = spawn(process.execPath, [electronVite, 'dev'], { cwd: root, env, stdio: 'inherit' });
  } else if (decision.kind === 'desktop') {
    const binary = pkg && electronBinary(pkg.dir);
    if (!binary) throw new Error('The Electron binary went missing; run `npx install-electron`.');
    child = spawn(binary, ['.'], { cwd: root, env, stdio: 'inherit' });
  } else {
    // LEDGERDESK_OUT_DIR: a copy of out/ to run instead (check:start uses one, so a rebuild meanwhile cannot pull files from under it).
    const entry = join(process.env.LEDGERDESK_OUT_DIR ? resolve(process.env.LEDGERDESK_OUT_DIR) : join(root, 'out'), 'main', 'web.js');
    if (!existsSync(entry)) {
      console.error('Ledgerdesk is not built yet: run `npm run build` first (npm start and npm run web do it for you).');
      return stop(1);
    }
    if (env.LEDGERDESK_PORT === undefined && !(await portIsFree(DEFAULT_WEB_PORT))) {
      console.log(`Port ${DEFAULT_WEB_PORT} is in use, so browser mode listens on a free port.`);
      env.LEDGERDESK_PORT = '0';
    }
    const openBrowser = decision.kind === 'browser' && decision.openBrowser;
    child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let devOrigin: string | null = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const ready = /^Ledgerdesk ready: (\S+)$/.exec(line);
      if (dev) return void devLine(line, ready?.[1]);
      console.log(line);
      if (!ready) return;
      if (!openBrowser) {
        console.log('Open that address in a browser; press Ctrl+C to stop.');
        return;
      }
      // The browser is opened at a one-time launch address: the token stays off every command line.
      void openInBrowser(ready[1]!).then((problem) =>
        console.log(
          problem
            ? `Could not open the default browser (${problem}): open that address yourself; press Ctrl+C to stop.`
            : 'Opened in the default browser; press Ctrl+C to stop.'
        )
      );
    });
    /** npm run dev: the page from Vite's dev server, in front of this web server; the addresses printed are the dev server's. */
    const devLine = (line: string, readyUrl: string | undefined): void => {
      if (!readyUrl) {
        const renewed = /^Ledgerdesk new address: (\S+)$/.exec(line)?.[1];
        console.log(renewed && devOrigin ? `Ledgerdesk new address: ${onDevServer(renewed, devOrigin)}` : line);
        return;
      }
      void startRendererDevServer({ webOrigin: new URL(readyUrl).origin })
        .then(async (server) => {
          devServer = server;
          devOrigin = server.origin;
          console.log(`Ledgerdesk ready: ${onDevServer(readyUrl, server.origin)}`);
          console.log('The page reloads what you change in src/renderer; restart npm run dev after changing src/main.');
          if (!(decision.kind === 'browser' && decision.openBrowser)) return console.log('Open that address in a browser; press Ctrl+C to stop.');
          const problem = await openInBrowser(readyUrl, server.origin);
          console.log(
            problem ? `Could not open the default browser (${problem}): open that address yourself.` : 'Opened in the default browser; press Ctrl+C to stop.'
          );
        })
        .catch((error: unknown) => {
          console.error(`The renderer's dev server could not start: ${error instanceof Error ? error.message : String(error)}`);
          void stop(1);
        });
    };
  }
  child.once('exit', (code, signal) => void stop(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1)));
}

/** The default browser through the `open` package, at a launch address; the reason when it could not. */
async function openInBrowser(readyUrl: string, devOrigin?: string): Promise<string | null> {
  try {
    const launch = await launchAddress(readyUrl);
    const address = devOrigin ? onDevServer(launch, devOrigin) : launch;
    const { default: open } = await import('open');
    const opener = await open(address);
    opener.once('error', () => undefined);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
