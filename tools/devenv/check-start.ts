// `npm run check:start -- [N] [--web]`: starts the demo N times (default 20) the way `npm start`
// does after its build (tsx tools/devenv/start.ts --no-open, on a private copy of out/ taken once at the
// beginning, so a rebuild meanwhile does not disturb it), waits for its ready line, signs in and
// reads the dashboard through the started server, presses Ctrl+C (SIGINT to its process group, as a
// terminal does) and then looks for anything left behind: processes carrying this run's marker in
// their environment (Java, firebase-tools, the mail sink and backend host inside the launcher,
// browser mode, watchdogs) and ports still answering. Exit code 0 only when every start succeeded
// and nothing was left. The process check reads /proc, so it needs Linux.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_ADMIN } from './demo-accounts';

const root = resolve(__dirname, '../..');
const MARKER = 'LEDGERDESK_CHECK_START_RUN';
const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 30_000;

interface RunReport {
  run: number;
  ok: boolean;
  readyMs: number | null;
  stopMs: number | null;
  exit: string | null;
  retried: boolean;
  problems: string[];
  leftovers: string[];
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The demo being checked right now, so Ctrl+C on the check stops it too. */
let current: ChildProcess | null = null;

function parseArgs(argv: string[]): { runs: number; web: boolean } {
  let runs = 20;
  let web = false;
  for (const arg of argv) {
    if (arg === '--web') web = true;
    else if (/^\d+$/.test(arg) && Number(arg) >= 1) runs = Number(arg);
    else throw new Error(`Usage: npm run check:start -- [N] [--web]   (not "${arg}")`);
  }
  return { runs, web };
}

/** Processes whose environment carries `marker`, with what they are. Linux only (/proc). */
export function processesMarked(marker: string): { pid: number; what: string }[] {
  const found: { pid: number; what: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (!environ.split('\0').includes(marker)) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').filter(Boolean).join(' ');
      found.push({ pid: Number(entry), what: describeProcess(cmd) });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

export function describeProcess(cmd: string): string {
  const short = cmd.length > 120 ? `${cmd.slice(0, 117)}...` : cmd;
  if (/\bjava\b.*CloudFirestore/.test(cmd)) return `Java Firestore emulator: ${short}`;
  if (/firebase(-tools)?|firebase\.js/.test(cmd)) return `firebase-tools: ${short}`;
  if (/tools\/devenv\/start\.ts/.test(cmd)) return `launcher with the mail sink and backend host: ${short}`;
  if (/out\/main\/web\.js/.test(cmd)) return `browser-mode server: ${short}`;
  if (/ledgerdesk-emulator-watchdog/.test(cmd)) return `emulator watchdog: ${short}`;
  return short;
}

const answers = (host: string, port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1_000);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('timeout', () => (socket.destroy(), done(false)));
    socket.once('error', () => done(false));
  });

async function rpc(origin: string, token: string, method: string, input: unknown = {}): Promise<{ ok: boolean; error?: { message: string } }> {
  const res = await fetch(`${origin}/rpc/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ledgerdesk-token': token },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(120_000)
  });
  return (await res.json()) as { ok: boolean; error?: { message: string } };
}

/**
 * A private copy of the build, beside a link to node_modules: another build of out/ while the check
 * runs (an editor, a test run) would otherwise replace files a starting server is about to load.
 */
function snapshotBuild(): { outDir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-check-start-build-'));
  cpSync(join(root, 'out'), join(dir, 'out'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { outDir: join(dir, 'out'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function oneRun(run: number, web: boolean, outDir: string): Promise<RunReport> {
  const report: RunReport = { run, ok: false, readyMs: null, stopMs: null, exit: null, retried: false, problems: [], leftovers: [] };
  const scratch = mkdtempSync(join(tmpdir(), 'ledgerdesk-check-start-'));
  const marker = `${MARKER}=${process.pid}-${run}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [MARKER]: `${process.pid}-${run}`,
    LEDGERDESK_OUT_DIR: outDir,
    LEDGERDESK_DATA_DIR: join(scratch, 'data'),
    LEDGERDESK_MAIL_DIR: join(scratch, 'mail')
  };
  for (const name of ['FIREBASE_AUTH_EMULATOR_HOST', 'FIRESTORE_EMULATOR_HOST', 'LEDGERDESK_FIREBASE_CONFIG', 'LEDGERDESK_BACKEND_URL']) delete env[name];
  const tsx = createRequire(join(root, 'package.json')).resolve('tsx/cli');
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [tsx, join(root, 'tools/devenv/start.ts'), '--no-open', ...(web ? ['--web'] : [])], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe']
  });
  current = child;
  const output: string[] = [];
  const exited = new Promise<string>((done) => child.once('exit', (code, signal) => done(signal ?? `code ${code}`)));
  void exited.then(() => {
    if (current === child) current = null;
  });
  let hosts: string[] = [];
  const ready = new Promise<string>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        if (line.includes('trying once more')) report.retried = true;
        const emulators = /^Emulators: Auth (\S+), Firestore (\S+) /.exec(line);
        if (emulators) hosts = [emulators[1]!, emulators[2]!];
        const match = /^Ledgerdesk ready: (\S+)$/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolveReady(match[1]!);
        }
      });
    }
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the launcher exited (${how}) before its ready line`));
    });
  });

  let url: string | null = null;
  try {
    url = await ready;
    report.readyMs = Math.round(performance.now() - started);
    const parsed = new URL(url);
    const token = parsed.searchParams.get('token') ?? '';
    const signIn = await rpc(parsed.origin, token, 'session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    if (!signIn.ok) report.problems.push(`sign-in failed: ${signIn.error?.message}`);
    const dashboard = await rpc(parsed.origin, token, 'dashboard.summary');
    if (!dashboard.ok) report.problems.push(`dashboard.summary failed: ${dashboard.error?.message}`);
    await rpc(parsed.origin, token, 'session.signOut');
  } catch (error) {
    report.problems.push(error instanceof Error ? error.message : String(error));
  }

  // Ctrl+C: SIGINT to the whole foreground process group, as a terminal sends it.
  const stopAt = performance.now();
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // Already gone.
    }
  }
  const how = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => null)]);
  if (how === null) {
    report.problems.push(`did not stop within ${STOP_TIMEOUT_MS / 1000} s of Ctrl+C`);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone.
    }
    await exited;
  } else {
    report.stopMs = Math.round(performance.now() - stopAt);
    report.exit = how;
  }

  // Give exiting processes a moment, then look for anything that outlived the launcher.
  for (let i = 0; i < 10; i++) {
    if (processesMarked(marker).length === 0) break;
    await sleep(500);
  }
  const left = processesMarked(marker);
  report.leftovers = left.map((p) => `pid ${p.pid} ${p.what}`);
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL'); // ours: it carries this run's marker
    } catch {
      // Gone.
    }
  }
  const ports = [...hosts, ...(url ? [new URL(url).host] : [])];
  for (const host of ports) {
    const [name, port] = host.split(':');
    if (await answers(name!, Number(port))) report.problems.push(`${host} still answers after Ctrl+C`);
  }
  if (report.problems.length > 0 || report.leftovers.length > 0) {
    report.problems.push(`last output: ${output.slice(-8).join(' | ')}`);
  }
  report.ok = report.readyMs !== null && report.problems.length === 0 && report.leftovers.length === 0;
  rmSync(scratch, { recursive: true, force: true });
  return report;
}

async function main(): Promise<void> {
  const { runs, web } = parseArgs(process.argv.slice(2));
  if (process.platform !== 'linux' || !existsSync('/proc/self/environ')) {
    throw new Error('check:start finds left-over processes through /proc: run it on Linux.');
  }
  if (!existsSync(join(root, 'out/main/web.js'))) throw new Error('Build first: npm run build (npm run check:start does).');
  console.log(`check:start: ${runs} starts of the demo (tsx tools/devenv/start.ts --no-open${web ? ' --web' : ''}), each stopped with Ctrl+C.`);
  const build = snapshotBuild();
  process.on('exit', () => build.remove());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      const child = current;
      if (child?.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGINT'); // the demo stops as on Ctrl+C, emulators included
        } catch {
          // Gone.
        }
        child.once('exit', () => process.exit(130));
        setTimeout(() => process.exit(130), STOP_TIMEOUT_MS).unref();
      } else process.exit(130);
    });
  }
  const reports: RunReport[] = [];
  for (let run = 1; run <= runs; run++) {
    const r = await oneRun(run, web, build.outDir);
    reports.push(r);
    const s = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);
    console.log(
      `${r.ok ? 'PASS' : 'FAIL'} run ${run}/${runs}: ready in ${s(r.readyMs)}, stopped in ${s(r.stopMs)} (${r.exit ?? 'killed'})` +
        `${r.retried ? ', emulators retried once' : ''}, left behind: ${r.leftovers.length === 0 ? 'nothing' : r.leftovers.length}`
    );
    for (const p of r.problems) console.log(`    ${p}`);
    for (const l of r.leftovers) console.log(`    left: ${l}`);
  }
  const failed = reports.filter((r) => !r.ok);
  const leftovers = reports.reduce((n, r) => n + r.leftovers.length, 0);
  const retried = reports.filter((r) => r.retried).length;
  const ready = reports
    .map((r) => r.readyMs)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  const median = ready.length ? ready[Math.floor(ready.length / 2)]! : null;
  console.log(
    `check:start: ${runs - failed.length} of ${runs} starts succeeded, ${failed.length} failed; ` +
      `${leftovers} process${leftovers === 1 ? '' : 'es'} left behind; ${retried} needed the emulators' retry` +
      `${median === null ? '' : `; median time to ready ${(median / 1000).toFixed(1)} s`}.`
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
