import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_ADMIN, DEMO_CUSTOMER } from './demo-accounts';
import { mailDirFrom, startDemoMail, type DemoMail } from './demo-mail';
import { ensureEmulators, type RunningEmulators } from './emulators';
import { seedDemoData } from './seed';

/**
 * `npm start` / `npm run web`: with no platform configured, start local Firebase emulators,
 * seed the demo data and open Ledgerdesk; on a machine without an Electron binary, fall back to
 * browser mode. Whatever we started is stopped again on Ctrl+C or SIGTERM.
 */
const root = resolve(__dirname, '..');
const wantsWeb = process.argv.includes('--web');

function electronBinary(): string | null {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, process.platform === 'win32' ? 'electron.exe' : 'electron');
    return existsSync(candidate) ? candidate : null;
  }
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const hasProductionConfig = (): boolean =>
  Boolean(process.env.LEDGERDESK_FIREBASE_CONFIG) ||
  existsSync(join(resolve(process.env.LEDGERDESK_DATA_DIR ?? '.ledgerdesk'), 'ledgerdesk.config.json'));

async function main(): Promise<void> {
  let emulators: RunningEmulators | null = null;
  let mail: DemoMail | null = null;
  let child: ChildProcess | null = null;
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child?.once('exit', done));
    }
    await mail?.close();
    await emulators?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));

  const env: NodeJS.ProcessEnv = { ...process.env };
  if (hasProductionConfig()) {
    console.log('Platform configuration found: connecting to it (no demo data).');
  } else {
    console.log('No platform configured: starting local Firebase emulators with demo data...');
    emulators = await ensureEmulators({ log: (line) => console.log(line) });
    const summary = await seedDemoData(emulators);
    Object.assign(env, {
      FIREBASE_AUTH_EMULATOR_HOST: emulators.authHost,
      FIRESTORE_EMULATOR_HOST: emulators.firestoreHost,
      GCLOUD_PROJECT: emulators.projectId
    });
    // firebase-admin in the backend host finds the Auth emulator through this process's env.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.authHost;
    if (!env.LEDGERDESK_BACKEND_URL) {
      mail = await startDemoMail({ projectId: emulators.projectId, mailDir: mailDirFrom(env) });
      env.LEDGERDESK_BACKEND_URL = mail.backendUrl;
    }
    const counts = Object.entries(summary)
      .filter(([, value]) => typeof value === 'number')
      .map(([name, value]) => `${value} ${name}`)
      .join(', ');
    console.log(`Demo data: ${counts}.`);
    console.log(`Demo administrator: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`Demo customer (refused, not the administrator): ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
    if (mail) console.log(`Demo e-mails: sent through a local backend host and saved as .eml files in ${mail.mailDir}`);
  }

  const binary = wantsWeb ? null : electronBinary();
  if (!wantsWeb && !binary) {
    console.log('No Electron binary on this machine, so Ledgerdesk opens in browser mode instead.');
  }

  if (binary) {
    child = spawn(binary, ['.'], { cwd: root, env, stdio: 'inherit' });
  } else {
    const entry = join(root, 'out', 'main', 'web.js');
    if (!existsSync(entry)) {
      console.error('Ledgerdesk is not built yet: run `npm run build` first (npm start and npm run web do it for you).');
      return stop(1);
    }
    child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      console.log(line);
      if (line.startsWith('Ledgerdesk ready: ')) console.log('Open that address in a browser; press Ctrl+C to stop.');
    });
  }
  child.once('exit', (code) => void stop(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
