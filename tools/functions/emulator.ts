/**
 * The Functions emulator of firebase-tools serving the built functions bundle, for tests on this machine.
 * firebase-tools 15 will not start its own Firestore emulator on Java 17, so it runs functions alone and
 * the functions reach the project's own Auth and Firestore emulators through the environment. The bundle is
 * copied into a folder of its own inside the repository (packages resolve from the repository's
 * node_modules), with its secrets in that copy's .secret.local, so a developer's functions/ is never touched.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

export interface RunningFunctions {
  /** Base URL of one HTTPS function, e.g. http://127.0.0.1:5123/demo-ledgerdesk/us-central1/backendHost */
  urlOf(name: string): string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port'))));
    });
  });

export async function startFunctionsEmulator(options: {
  projectId: string;
  env: NodeJS.ProcessEnv;
  secrets: Record<string, string>;
  /** Functions that must be serving before this resolves. */
  waitFor: string[];
  log?: (line: string) => void;
}): Promise<RunningFunctions> {
  const dir = join(root, '.ledgerdesk', `functions-emulator-${process.pid}-${Date.now()}`);
  const source = join(dir, 'functions');
  mkdirSync(source, { recursive: true });
  cpSync(join(root, 'functions', 'lib'), join(source, 'lib'), { recursive: true });
  cpSync(join(root, 'functions', 'package.json'), join(source, 'package.json'));
  writeFileSync(
    join(source, '.secret.local'),
    Object.entries(options.secrets)
      .map(([key, value]) => `${key}=${value}\n`)
      .join('')
  );
  const [functions, hub, logging, eventarc, tasks] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const at = (port: number) => ({ host: '127.0.0.1', port });
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      functions: [{ source: 'functions', codebase: 'ledgerdesk', runtime: 'nodejs24' }],
      emulators: {
        functions: at(functions),
        hub: at(hub),
        logging: at(logging),
        eventarc: at(eventarc),
        tasks: at(tasks),
        ui: { enabled: false },
        singleProjectMode: true
      }
    })
  );
  const child = spawn(join(root, 'node_modules', '.bin', 'firebase'), ['emulators:start', '--only', 'functions', '--project', options.projectId], {
    cwd: dir,
    env: { ...process.env, ...options.env, CI: '1', NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'pipe']
  });
  const output: string[] = [];
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const serving = new Set<string>();
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`The Functions emulator did not serve ${options.waitFor.join(', ')} within 90 s:\n${output.slice(-15).join('\n')}`)),
        90_000
      );
      const read = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          if (!line.trim()) continue;
          output.push(line);
          options.log?.(line);
          // "functions[us-central1-backendHost]: http function initialized (...)", and the like for triggers.
          const name = /functions\[[a-z]+-[a-z]+\d+-([^\]]+)\]:.*initialized/.exec(line)?.[1];
          if (name) serving.add(name);
          if (options.waitFor.every((wanted) => serving.has(wanted))) {
            clearTimeout(timer);
            ready();
          }
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`The Functions emulator exited (${code}):\n${output.slice(-15).join('\n')}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { urlOf: (name) => `http://127.0.0.1:${functions}/${options.projectId}/us-central1/${name}`, stop };
}
