// App start in browser mode: from spawning the process to its "Ledgerdesk ready:" line.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmulatorHosts } from '../devenv/emulators';
import { appEnv } from './app';
import { startChild, stopChild, waitForLine } from './processes';
import { median, round1 } from './timing';

const READY = /^Ledgerdesk ready: \S+$/;
const TIMEOUT_MS = 60_000;

export interface StartResult {
  ms: number;
  runsMs: number[];
  path: string;
}

/** The environment of a launch: the bench's emulators, a free port, a fresh data folder, no production config. */
function launchEnv(hosts: EmulatorHosts, dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...appEnv(hosts), LEDGERDESK_PORT: '0', LEDGERDESK_DATA_DIR: dataDir, ...extra };
  delete env.LEDGERDESK_FIREBASE_CONFIG;
  return env;
}

async function timeToReady(root: string, cmd: string, args: string[], env: (dataDir: string) => NodeJS.ProcessEnv): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-bench-web-'));
  const started = performance.now();
  const child = startChild(cmd, args, { cwd: root, env: env(dataDir) });
  try {
    return (await waitForLine(child, READY, started, TIMEOUT_MS)).ms;
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `node out/main/web.js`, as `npm run web` ends up running it, `runs` times. */
export async function measureWebReady(root: string, hosts: EmulatorHosts, runs: number): Promise<StartResult> {
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    all.push(round1(await timeToReady(root, process.execPath, [join(root, 'out/main/web.js')], (dir) => launchEnv(hosts, dir))));
  }
  return {
    ms: round1(median(all)),
    runsMs: all,
    path: 'node out/main/web.js (bench emulators in env, LEDGERDESK_PORT=0, fresh LEDGERDESK_DATA_DIR): spawn to "Ledgerdesk ready:" line'
  };
}

/**
 * `npm run web` minus its build: `tsx tools/devenv/start.ts --web`, which finds the bench's emulators
 * answering (so starts none), seeds the demo data into them, starts the demo mail host and
 * browser mode. Run last: the demo seed adds its few hundred documents.
 */
export async function measureNpmRunWeb(root: string, hosts: EmulatorHosts): Promise<StartResult> {
  const tsxCli = createRequire(join(root, 'package.json')).resolve('tsx/cli');
  const ms = round1(
    await timeToReady(root, process.execPath, [tsxCli, join(root, 'tools/devenv/start.ts'), '--web'], (dir) =>
      launchEnv(hosts, dir, { LEDGERDESK_MAIL_DIR: join(dir, 'mail') })
    )
  );
  return {
    ms,
    runsMs: [ms],
    path: 'tsx tools/devenv/start.ts --web (npm run web without its electron-vite build; reuses the bench emulators, seeds the demo data, starts the mail host): spawn to "Ledgerdesk ready:" line'
  };
}
