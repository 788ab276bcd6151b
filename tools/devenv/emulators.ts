// Local Firebase for demo mode and tests: Google's Firestore emulator jar run with java directly
// (about 1 s, versus firebase-tools' wrapper) plus the firebase-tools Auth emulator.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const DEMO_PROJECT_ID = 'demo-ledgerdesk';

export interface EmulatorHosts {
  projectId: string;
  authHost: string;
  firestoreHost: string;
}

export interface RunningEmulators extends EmulatorHosts {
  startedByUs: boolean;
  stop(): Promise<void>;
}

export interface EnsureOptions {
  authPort?: number;
  firestorePort?: number;
  projectId?: string;
  log?: (line: string) => void;
  /** Start new emulators even when the environment names running ones. */
  fresh?: boolean;
  /**
   * A wanted port (not 0) that another program holds: 'fail' (the default) says so and stops;
   * 'pickFree' takes a free port instead and logs which (npm start: the app learns the hosts anyway).
   */
  ifPortTaken?: 'fail' | 'pickFree';
}

const HOST = '127.0.0.1';
/** How long the emulators may take to answer; LEDGERDESK_EMULATOR_START_MS raises it on a machine other work keeps busy. */
const START_TIMEOUT_MS = Math.max(60_000, Number(process.env.LEDGERDESK_EMULATOR_START_MS) || 0);
const STOP_GRACE_MS = 5_000;
const TAIL_LINES = 8;
// __dirname, not import.meta: the tools are CommonJS for tsx and Playwright's loader.
const REPO_ROOT = path.resolve(__dirname, '../..');
const RULES_FILE = path.join(REPO_ROOT, 'firestore.rules');
const KNOWN_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

export async function isAnswering(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_500) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export interface ResetOptions {
  /** How long one DELETE may take before it is abandoned and sent again. */
  attemptTimeoutMs?: number;
  attempts?: number;
  /** Told about every attempt that did not answer, so a slow run says why it was slow. */
  warn?: (message: string) => void;
}

/**
 * Empties both emulators. A DELETE the emulator never answers (it happened once in CI, with one
 * emulator pair shared by a whole run, and never in 224 resets here) is abandoned and sent again on
 * a fresh connection, rather than failing the next test file.
 */
export async function resetEmulators(hosts: EmulatorHosts, opts: ResetOptions = {}): Promise<void> {
  const p = encodeURIComponent(hosts.projectId);
  const urls = [
    `http://${hosts.firestoreHost}/emulator/v1/projects/${p}/databases/(default)/documents`,
    `http://${hosts.authHost}/emulator/v1/projects/${p}/accounts`
  ];
  // Both settle before we report, so no retry is left running behind a failed reset.
  const outcomes = await Promise.allSettled(urls.map((url) => deleteWithRetries(url, opts)));
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) throw failed.reason;
}

async function deleteWithRetries(url: string, opts: ResetOptions): Promise<void> {
  const attempts = opts.attempts ?? 4;
  const timeoutMs = opts.attemptTimeoutMs ?? 20_000;
  const warn = opts.warn ?? ((message: string) => console.warn(message));
  for (let attempt = 1; ; attempt += 1) {
    let res: Response;
    try {
      // A fresh connection each time: a pooled one may be the one the emulator stopped reading.
      res = await fetch(url, { method: 'DELETE', signal: AbortSignal.timeout(timeoutMs), headers: { connection: 'close' } });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const what = timedOut
        ? `did not answer within ${timeoutMs / 1000} s`
        : `could not be reached (${error instanceof Error ? String(error.cause ?? error.message) : String(error)})`;
      if (attempt >= attempts) throw new Error(`Emulator reset failed: DELETE ${url} ${what}, ${attempts} tries.`);
      warn(`Emulator reset: DELETE ${url} ${what}; trying again (${attempt + 1} of ${attempts}).`);
      continue;
    }
    if (!res.ok) throw new Error(`Emulator reset failed: DELETE ${url} -> ${res.status} ${await res.text()}`);
    await res.body?.cancel();
    return;
  }
}

export function findFirestoreJar(): string | null {
  const fromEnv = process.env.FIRESTORE_EMULATOR_JAR;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  try {
    const files = execFileSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000
    });
    const jar = files.split('\n').find((f) => f.endsWith('emulator.jar') && fs.existsSync(f));
    if (jar) return jar;
  } catch {
    // Not a Debian system or the package is absent: try the other places.
  }
  if (fs.existsSync(KNOWN_JAR)) return KNOWN_JAR;
  const cache = path.join(os.homedir(), '.cache', 'firebase', 'emulators');
  const cached = fs.existsSync(cache)
    ? fs
        .readdirSync(cache)
        .filter((f) => /^cloud-firestore-emulator-.*\.jar$/.test(f))
        .sort()
    : [];
  const newest = cached.at(-1);
  return newest ? path.join(cache, newest) : null;
}

export async function ensureEmulators(opts: EnsureOptions = {}): Promise<RunningEmulators> {
  const projectId = opts.projectId ?? DEMO_PROJECT_ID;
  const envAuth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const envStore = process.env.FIRESTORE_EMULATOR_HOST;
  if (!opts.fresh && envAuth && envStore && (await isAnswering(envAuth)) && (await isAnswering(envStore))) {
    return { projectId, authHost: envAuth, firestoreHost: envStore, startedByUs: false, stop: async () => {} };
  }

  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  return startWithRetry((attempt) => startEmulators(projectId, opts, log, attempt), log);
}

/**
 * Ports are chosen here, released, then bound by firebase-tools and Java a moment later (tens of
 * seconds on a loaded machine); another process can take one in between (it happened: "Could not
 * start emulator hub, port taken", once in 16 starts). Ports are picked where the OS does not hand
 * out its own, and a start that fails for any reason but a missing program is tried once more with
 * freshly chosen ports, saying so.
 */
export async function startWithRetry<T>(start: (attempt: number) => Promise<T>, log: (line: string) => void): Promise<T> {
  try {
    return await start(1);
  } catch (error) {
    if (!(error instanceof EmulatorStartError) || !error.retryable) throw error;
    log(`The emulators did not start (${error.message}); trying once more with fresh ports.`);
    return start(2);
  }
}

/** A start that failed after launching; `retryable` unless a program is missing. */
export class EmulatorStartError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean
  ) {
    super(message);
    this.name = 'EmulatorStartError';
  }
}

async function startEmulators(projectId: string, opts: EnsureOptions, log: (line: string) => void, attempt: number): Promise<RunningEmulators> {
  const debug = process.env.LEDGERDESK_DEBUG_EMULATORS === '1';
  const jar = findFirestoreJar();
  // firebase-tools, left to choose its hub and logging ports, tries 4400 and 4500 first: two
  // emulator sets starting at once (test files, engineers) checked the same port, and the one that
  // bound it second failed ("Could not start emulator hub, port taken"). Random ports from a
  // 12,000-port range below the ephemeral one make such a meeting unlikely; the retry covers the rest.
  const [authPort, firestorePort, hubPort, loggingPort, wsPort] = await choosePorts(
    [
      { port: opts.authPort ?? 9099, what: 'Auth emulator' },
      { port: opts.firestorePort ?? 8080, what: 'Firestore emulator' },
      { port: 0, what: 'emulator hub' },
      { port: 0, what: 'emulator logging' },
      { port: 0, what: 'Firestore websocket' }
    ],
    opts.ifPortTaken ?? 'fail',
    attempt === 1 ? log : () => undefined
  );
  const authHost = `${HOST}:${authPort}`;
  const firestoreHost = `${HOST}:${firestorePort}`;

  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-emulators-'));
  const emulators: Record<string, unknown> = {
    auth: { host: HOST, port: authPort },
    hub: { host: HOST, port: hubPort },
    logging: { host: HOST, port: loggingPort },
    ui: { enabled: false },
    singleProjectMode: true
  };
  if (!jar) emulators.firestore = { host: HOST, port: firestorePort, websocketPort: wsPort };
  const configFile = path.join(tmpDir, 'firebase.json');
  fs.writeFileSync(configFile, JSON.stringify({ emulators, ...(jar ? {} : { firestore: { rules: RULES_FILE } }) }));

  const launchOpts = { cwd: tmpDir, onLine: debug ? log : undefined };
  const procs: Proc[] = [];
  const removeTmp = () => fs.rmSync(tmpDir, { recursive: true, force: true });
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= Promise.all(procs.map((p) => p.stop())).then(() => {
      removeTmp();
      untrack(entry);
    }));
  const entry: Tracked = { stop: stopAll, kill: () => (procs.forEach((p) => p.kill()), removeTmp()) };
  track(entry);
  const deadline = Date.now() + START_TIMEOUT_MS;
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1', METADATA_SERVER_DETECTION: 'none' };
  // Stale values would make firebase-tools think other emulators are already running.
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  delete env.FIRESTORE_EMULATOR_HOST;

  const firebaseBin = path.join(
    path.dirname(createRequire(path.join(REPO_ROOT, 'package.json')).resolve('firebase-tools/package.json')),
    'lib/bin/firebase.js'
  );
  const only = jar ? 'auth' : 'auth,firestore';
  // Auth answers before firebase-tools has bound its other ports; only "All emulators ready" means
  // nothing is left that can still fail and take Auth down with it.
  const tools = launch(
    'Firebase emulators',
    process.execPath,
    [firebaseBin, 'emulators:start', '--only', only, '--project', projectId, '--config', configFile],
    {
      env,
      ...launchOpts,
      readyLine: /All emulators ready/
    }
  );
  procs.push(tools);
  const waits = [waitUntilAnswering(tools, 'auth', authHost, deadline)];
  if (jar) {
    const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
    const args = [
      '-cp',
      jar,
      'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
      '--host',
      HOST,
      '--port',
      String(firestorePort),
      '--project_id',
      projectId,
      '--rules',
      RULES_FILE
    ];
    const store = launch('Firestore emulator', java, args, { env, ...launchOpts });
    procs.push(store);
    waits.push(waitUntilAnswering(store, 'firestore', firestoreHost, deadline));
  } else {
    waits.push(waitUntilAnswering(tools, 'firestore', firestoreHost, deadline));
  }
  try {
    await Promise.all(waits);
  } catch (err) {
    await stopAll();
    throw err;
  }
  return { projectId, authHost, firestoreHost, startedByUs: true, stop: stopAll };
}

interface Tracked {
  stop(): Promise<void>;
  /** Synchronous last resort for process 'exit'. */
  kill(): void;
}

interface Proc extends Tracked {
  name: string;
  failure(): string | null;
  /** It printed its ready line (always true for a process without one). */
  ready(): boolean;
  tail: string[];
}

const live = new Set<Tracked>();

function launch(name: string, cmd: string, args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; onLine?: (l: string) => void; readyLine?: RegExp }): Proc {
  const child = spawn(cmd, args, { cwd: o.cwd, env: o.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  let sawReadyLine = o.readyLine === undefined;
  let failure: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      failure ??= `exited with ${signal ?? `code ${code}`}`;
      resolve();
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      failure = err.code === 'ENOENT' ? `${cmd} not found${cmd.endsWith('java') ? ' (install Java 11+ or set JAVA_HOME)' : ''}` : err.message;
      if (child.pid === undefined) resolve();
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines.filter((l) => l.trim())) {
        tail.push(line.trim());
        if (tail.length > TAIL_LINES) tail.shift();
        if (o.readyLine?.test(line)) sawReadyLine = true;
        o.onLine?.(`[${name}] ${line}`);
      }
    });
  }
  const watchdog = child.pid === undefined ? undefined : spawnWatchdog(child.pid, o.cwd);
  void exited.then(() => watchdog?.kill('SIGKILL'));

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
    killGroup(child, 'SIGKILL'); // leftovers the leader forked into its group
  };
  const kill = () => {
    killGroup(child, 'SIGKILL');
    watchdog?.kill('SIGKILL');
  };
  return { name, tail, failure: () => failure, ready: () => sawReadyLine, stop: () => (stopping ??= stop()), kill };
}

// Survives a SIGKILLed parent: when our end of its stdin closes, it takes the emulator group down
// and removes the scratch directory.
function spawnWatchdog(pgid: number, scratchDir: string): ChildProcess | undefined {
  if (process.platform === 'win32') return undefined;
  const script = 'read _; kill -TERM -"$1" 2>/dev/null; sleep 5; kill -KILL -"$1" 2>/dev/null; rm -rf "$2"';
  const dog = spawn('sh', ['-c', script, 'ledgerdesk-emulator-watchdog', String(pgid), scratchDir], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  dog.on('error', () => {});
  dog.unref();
  (dog.stdin as unknown as net.Socket | null)?.unref();
  return dog;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const onExit = () => live.forEach((t) => t.kill());
const onSignal = (signal: NodeJS.Signals) => {
  const stopped = Promise.all([...live].map((t) => t.stop()));
  // Someone else handles this signal (e.g. Vitest, which runs our teardown): let them exit.
  if (process.listenerCount(signal) > 1) return;
  void stopped.finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
};

function track(t: Tracked): void {
  if (live.size === 0) {
    process.on('exit', onExit);
    SIGNALS.forEach((s) => process.on(s, onSignal));
  }
  live.add(t);
}

function untrack(t: Tracked): void {
  if (!live.delete(t) || live.size > 0) return;
  process.off('exit', onExit);
  SIGNALS.forEach((s) => process.off(s, onSignal));
}

/**
 * Whether the emulator itself answers at `host`: the Auth emulator's root says "authEmulator",
 * Firestore's says "Ok". Anything else there (another program that took the port) does not count.
 */
export async function emulatorAnswers(kind: 'auth' | 'firestore', host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_500) });
    const body = await res.text();
    return kind === 'auth' ? body.includes('"authEmulator"') : body.trimStart().startsWith('Ok');
  } catch {
    return false;
  }
}

async function waitUntilAnswering(proc: Proc, kind: 'auth' | 'firestore', host: string, deadline: number): Promise<void> {
  for (;;) {
    const failure = proc.failure();
    if (failure) throw startError(proc, failure);
    if (proc.ready() && (await emulatorAnswers(kind, host))) return;
    if (Date.now() > deadline) throw startError(proc, `not answering on ${host} after ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function startError(proc: Proc, reason: string): EmulatorStartError {
  const tail = proc.tail.length ? ` Last output: ${proc.tail.join(' | ')}` : '';
  return new EmulatorStartError(`${proc.name} failed to start: ${reason}.${tail}`, !/ not found\b/.test(reason));
}

/**
 * The lowest port the OS hands out for port 0 and for outgoing connections (Linux:
 * ip_local_port_range; Windows and macOS: 49152).
 */
function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 0) return low;
  } catch {
    // Not Linux.
  }
  return 49152;
}

const FREE_FROM = 20_000;

/**
 * Binds `srv` to a free port below the ephemeral range: a port the OS picked for port 0 is one it
 * may hand to the next outgoing connection or port-0 server once we release it, which is how a
 * chosen port used to be taken before the emulator bound it. Falls back to port 0.
 */
async function listenOnFreePort(listen: (srv: net.Server, port: number) => Promise<void>): Promise<net.Server> {
  const below = Math.min(32_768, ephemeralLow());
  for (let attempt = 0; below - FREE_FROM > 1_000 && attempt < 50; attempt++) {
    const srv = net.createServer();
    try {
      await listen(srv, FREE_FROM + Math.floor(Math.random() * (below - FREE_FROM)));
      return srv;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES') throw e;
    }
  }
  const srv = net.createServer();
  await listen(srv, 0);
  return srv;
}

/**
 * Binds every wanted port at once (so two never get the same port), then releases them for the
 * emulators to bind. Port 0 means any free port (chosen below the ephemeral range); a wanted port
 * that is taken fails, or with 'pickFree' is swapped for a free one.
 */
async function choosePorts(wanted: { port: number; what: string }[], ifTaken: 'fail' | 'pickFree', log: (line: string) => void): Promise<number[]> {
  const servers: net.Server[] = [];
  const listen = (srv: net.Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      srv.once('error', onError);
      srv.listen(port, HOST, () => {
        srv.off('error', onError);
        resolve();
      });
    });
  try {
    const ports: number[] = [];
    for (const { port, what } of wanted) {
      let srv: net.Server;
      if (port === 0) {
        srv = await listenOnFreePort(listen);
      } else {
        srv = net.createServer();
        try {
          await listen(srv, port);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
          if (ifTaken === 'fail') {
            throw new Error(
              `Port ${port} for the ${what} is already in use: free it, or set FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST to reuse running emulators.`
            );
          }
          srv = await listenOnFreePort(listen);
          log(`Port ${port} is in use, so the ${what} listens on ${HOST}:${(srv.address() as net.AddressInfo).port} instead.`);
        }
      }
      servers.push(srv);
      ports.push((srv.address() as net.AddressInfo).port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => (s.listening ? s.close(r) : r(undefined)))));
  }
}

async function main(): Promise<void> {
  const emu = await ensureEmulators({ log: (l) => console.log(l) });
  console.log(`Auth emulator:      ${emu.authHost}`);
  console.log(`Firestore emulator: ${emu.firestoreHost}  (project ${emu.projectId})`);
  console.log(`export FIREBASE_AUTH_EMULATOR_HOST=${emu.authHost} FIRESTORE_EMULATOR_HOST=${emu.firestoreHost} GCLOUD_PROJECT=${emu.projectId}`);
  console.log(emu.startedByUs ? 'Press Ctrl+C to stop.' : 'Reusing the emulators already running there; nothing to stop.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
