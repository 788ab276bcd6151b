// Child processes the bench starts (build, browser mode, `npm run web`'s script), each in its own
// process group so stopping it takes its children too; all of them are stopped on Ctrl+C.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  live.delete(child);
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...live].map((c) => stopChild(c)));
}

/** Last resort on process exit: no waiting possible. */
export function killAllChildren(): void {
  for (const c of live) killGroup(c, 'SIGKILL');
}

export function startChild(cmd: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ChildProcess {
  const child = spawn(cmd, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Resolves with the ms from `started` to the first stdout line matching `ready`; fails if the child exits first. */
export function waitForLine(child: ChildProcess, ready: RegExp, started: number, timeoutMs: number): Promise<{ ms: number; line: string }> {
  const tail: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    tail.push(chunk);
    if (tail.length > 20) tail.shift();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ready line within ${timeoutMs / 1000} s. ${tail.join('')}`)), timeoutMs);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!ready.test(line)) return;
      clearTimeout(timer);
      lines.removeAllListeners('line');
      child.stdout?.resume(); // keep draining so the child never blocks on a full pipe
      resolve({ ms: performance.now() - started, line });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${signal ?? `code ${code}`} before its ready line. ${tail.join('')}`));
    });
  });
}

/** Runs to completion, its output going to our stderr; resolves with the duration. */
export async function runToEnd(cmd: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<number> {
  const started = performance.now();
  const child = startChild(cmd, args, options);
  child.stdout?.pipe(process.stderr, { end: false });
  child.stderr?.pipe(process.stderr, { end: false });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
  return performance.now() - started;
}
